package io.tessera.bench.template;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/** One of a fixed list, each equally likely: {@code ${enum(BJ,SH,GZ)}} or {@code ${int(400,420,500)}}. */
record RandomChoice(List<String> values) implements Part {

    RandomChoice {
        values = List.copyOf(values);
    }

    /** {@code ${enum(a,b)}}: the words exactly as written, spaces included. */
    static RandomChoice words(String args, Variable variable) {
        return new RandomChoice(variable.list(args, "words"));
    }

    /** {@code ${int(a,b)}}, MyCat's "enum int": numbers, written as MyCat prints a long (007 becomes 7). */
    static RandomChoice numbers(String args, Variable variable) {
        List<String> values = new ArrayList<>();
        for (String item : variable.list(args, "values")) {
            values.add(Long.toString(variable.number(item, "value")));
        }
        return new RandomChoice(values);
    }

    @Override
    public void appendTo(StringBuilder out, RandomGenerator random) {
        out.append(values.get(random.nextInt(values.size())));
    }
}
