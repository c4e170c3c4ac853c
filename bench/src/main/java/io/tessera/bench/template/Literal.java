package io.tessera.bench.template;

import java.util.random.RandomGenerator;

/** Template text outside any variable, copied as written. */
record Literal(String text) implements Part {

    @Override
    public void appendTo(StringBuilder out, RandomGenerator random) {
        out.append(text);
    }
}
