package io.tessera.bench.report;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The points of a sweep by target, targets in the order they first appear (the first is the one the ratios are
 * about) and each target's points by thread count.
 */
final class Sweep {

    private final Map<String, NavigableMap<Integer, SweepPoint>> byTarget = new LinkedHashMap<>();
    private final NavigableSet<Integer> threads = new TreeSet<>();

    private Sweep() {
    }

    static Sweep of(List<SweepPoint> points) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("points: [] (expected: at least one)");
        }
        Sweep sweep = new Sweep();
        for (SweepPoint p : points) {
            if (sweep.byTarget.computeIfAbsent(p.target(), t -> new TreeMap<>()).put(p.threads(), p) != null) {
                throw new IllegalArgumentException("points: " + p.target() + " at " + p.threads()
                        + " threads twice (expected: one run per target and thread count)");
            }
            sweep.threads.add(p.threads());
        }
        return sweep;
    }

    List<String> targets() {
        return List.copyOf(byTarget.keySet());
    }

    /** All thread counts of the sweep, ascending. */
    NavigableSet<Integer> threads() {
        return Collections.unmodifiableNavigableSet(threads);
    }

    /** The target's points, ascending by thread count. */
    Collection<SweepPoint> points(String target) {
        return byTarget.get(target).values();
    }

    Optional<SweepPoint> point(String target, int threads) {
        return Optional.ofNullable(byTarget.get(target).get(threads));
    }
}
