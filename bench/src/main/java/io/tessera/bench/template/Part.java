package io.tessera.bench.template;

import java.util.random.RandomGenerator;

/** One compiled piece of a {@link SqlTemplate}: constant text or one variable. */
sealed interface Part permits Literal, RandomInt, RandomChoice, RandomChars, RandomDate {

    /** Appends this piece's next value to {@code out}. */
    void appendTo(StringBuilder out, RandomGenerator random);
}
