package io.tessera.bench.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A SQL statement with random values, in the template syntax of MyCat 1.6's test tool
 * ({@code test_stand_insert_perf}, {@code test_stand_select_perf}). Each {@code ${name(args)}} takes a new value
 * every time the template is rendered:
 *
 * <ul>
 *   <li>{@code ${int(10-999)}}: a whole number from 10 to 999; {@code ${int(400,420,500)}}: one of those numbers.
 *   <li>{@code ${date(yyyy-MM-dd HH:mm:ss-[2014-2015]y-[1-6]M)}}: a date-time in a {@code DateTimeFormatter}
 *       pattern; {@code -[min-max]} ranges may bound y, M, d, H, m, s and S (millisecond). Every date is a real one.
 *   <li>{@code ${char([a-f,0-9]8:8)}}: 8 to 8 characters from those ranges; the length defaults to 1:256.
 *   <li>{@code ${enum(BJ,SH,GZ)}}: one of those words.
 *   <li>{@code ${phone(139-189)}}: an 11-digit number from 13900000000 to 18900000000.
 * </ul>
 *
 * A variable ends at the first {@code }}, so no argument can hold one; a {@code $} not followed by {@code {} is plain
 * text, and there is no escape for a literal {@code ${}. Anything else after {@code ${} fails {@link #parse}.
 *
 * <p>Immutable: threads may share one template, each rendering with its own {@link RandomGenerator}.
 */
public final class SqlTemplate {

    private static final String VARIABLE_START = "${";

    private final String text;
    private final Part[] parts;

    private SqlTemplate(String text, Part[] parts) {
        this.text = text;
        this.parts = parts;
    }

    /**
     * Compiles {@code text} once, so that {@link #render} only appends.
     *
     * @throws IllegalArgumentException naming the bad variable, what is wrong, and the offset of its {@code $}
     */
    public static SqlTemplate parse(String text) {
        Objects.requireNonNull(text, "text");
        List<Part> parts = new ArrayList<>();
        int literalStart = 0;
        for (int start = text.indexOf(VARIABLE_START); start >= 0; start = text.indexOf(VARIABLE_START, literalStart)) {
            int end = text.indexOf('}', start + VARIABLE_START.length());
            if (end < 0) {
                throw Variable.unclosed(text.substring(start), start);
            }
            if (literalStart < start) {
                parts.add(new Literal(text.substring(literalStart, start)));
            }
            parts.add(new Variable(text.substring(start, end + 1), start).compile());
            literalStart = end + 1;
        }
        if (literalStart < text.length()) {
            parts.add(new Literal(text.substring(literalStart)));
        }
        return new SqlTemplate(text, parts.toArray(new Part[0]));
    }

    /** One statement, with new values drawn from {@code random}. */
    public String render(RandomGenerator random) {
        // Values are about as long as the variables they replace, so the template's length is a fair first guess.
        StringBuilder out = new StringBuilder(text.length());
        for (Part part : parts) {
            part.appendTo(out, random);
        }
        return out.toString();
    }

    /** The template as written. */
    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
