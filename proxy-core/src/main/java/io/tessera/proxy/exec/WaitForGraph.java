package io.tessera.proxy.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who waits for whom, across every data host: an edge from a transaction to each transaction holding a lock it
 * waits for. A cycle is a deadlock no single data host sees when its edges run through several of them.
 *
 * @param <T> a transaction (a client session)
 */
final class WaitForGraph<T> {

    private final Map<T, Set<T>> edges = new LinkedHashMap<>();

    /** {@code waiter} waits for a lock {@code holder} holds; a session waiting for itself is no edge. */
    void waits(T waiter, T holder) {
        if (!waiter.equals(holder)) {
            edges.computeIfAbsent(waiter, w -> new LinkedHashSet<>()).add(holder);
        }
    }

    /**
     * Cycles that share no transaction, each in the order its members wait for one another. Breaking each of them (one
     * victim each) may leave another cycle through the same transactions; the next look finds it.
     */
    List<List<T>> cycles() {
        List<List<T>> cycles = new ArrayList<>();
        Set<T> done = new HashSet<>();
        Set<T> inCycle = new HashSet<>();
        for (T start : edges.keySet()) {
            if (!done.contains(start)) {
                search(start, new ArrayList<>(), new HashSet<>(), done, inCycle, cycles);
            }
        }
        return cycles;
    }

    /** Depth-first from {@code node}; {@code path} is the chain of waits that led here. */
    private void search(T node, List<T> path, Set<T> onPath, Set<T> done, Set<T> inCycle, List<List<T>> cycles) {
        path.add(node);
        onPath.add(node);
        for (T next : edges.getOrDefault(node, Set.of())) {
            if (onPath.contains(next)) {
                List<T> cycle = List.copyOf(path.subList(path.indexOf(next), path.size()));
                if (cycle.stream().noneMatch(inCycle::contains)) {
                    cycles.add(cycle);
                    inCycle.addAll(cycle);
                }
            } else if (!done.contains(next)) {
                search(next, path, onPath, done, inCycle, cycles);
            }
        }
        path.remove(path.size() - 1);
        onPath.remove(node);
        done.add(node);
    }
}
