package io.tessera.bench;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The targets run alternately at one thread count, {@code --rounds} times (A, B, A, B ...), so that the machine's
 * drift touches them alike; each target's figure is then its median round by QPS.
 */
final class Comparison {

    private Comparison() {
    }

    /** Every round of every target, in the order run. */
    static List<RunResult> run(BenchOptions options, Workload workload, List<Target> targets, int threads,
            PrintStream progress) throws SQLException, InterruptedException {
        List<RunResult> results = new ArrayList<>();
        for (int round = 1; round <= options.rounds(); round++) {
            for (Target target : targets) {
                results.add(new BenchRun(options, workload, target, threads, round, progress).run());
            }
        }
        return results;
    }

    /** Each target's median round, in the targets' order. */
    static List<RunResult> medians(List<Target> targets, List<RunResult> results) {
        List<RunResult> medians = new ArrayList<>();
        for (Target target : targets) {
            List<RunResult> rounds = results.stream().filter(r -> r.target().equals(target.name()))
                    .sorted(Comparator.comparingDouble(RunResult::qps)).toList();
            medians.add(rounds.get(rounds.size() / 2));
        }
        return medians;
    }
}
