package io.tessera.bench.template;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Renders a template many times from a fixed seed, so that a failing run repeats. */
final class Renders {

    private Renders() {
    }

    static List<String> of(String template, int times) {
        SqlTemplate compiled = SqlTemplate.parse(template);
        SplittableRandom random = new SplittableRandom(20140804);
        List<String> statements = new ArrayList<>(times);
        for (int i = 0; i < times; i++) {
            statements.add(compiled.render(random));
        }
        return statements;
    }

    static List<Long> numbers(String template, int times) {
        return of(template, times).stream().map(Long::valueOf).toList();
    }
}
