package io.tessera.bench;

import io.tessera.bench.report.SweepPoint;
import io.tessera.bench.report.SweepReport;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code tessera-bench}: MyCat's test tool, better. One workload against Tessera and, alternately, MySQL directly
 * (and an L4 relay with {@code --relay}), at one or several thread counts; prints QPS, errors, latency percentiles,
 * the target's CPU time per query and the ratios, and writes JSON and an HTML report on request. Every option is in
 * {@link BenchOptions#USAGE}. Exits 1 when any statement failed, 2 on a bad command line.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        Workload workload;
        try {
            if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
                System.out.print(BenchOptions.USAGE);
                return;
            }
            options = BenchOptions.parse(args);
            workload = options.workload().create(options);
        } catch (IllegalArgumentException e) {
            System.err.println("tessera-bench: " + e.getMessage());
            System.err.print(BenchOptions.USAGE);
            System.exit(2);
            return;
        }
        System.exit(run(options, workload, System.out) ? 0 : 1);
    }

    /** Runs everything the options ask for; false when any statement failed. */
    static boolean run(BenchOptions options, Workload workload, PrintStream out) throws Exception {
        PrintStream progress = options.quiet() || System.console() == null ? null : System.err;
        Relay relay = options.relay()
                ? Relay.start(options.haproxy(), Target.address(options.vsUrls().get(0))) : null;
        try {
            List<Target> targets = targets(options, relay);
            if (options.prepare()) {
                // the relay reaches the --vs target's tables: preparing the targets without it prepares them all
                Loader.prepare(workload, options.table(), targets(options, null), out);
            }
            List<RunResult> runs = new ArrayList<>();
            List<RunResult> medians = new ArrayList<>();
            for (int threads : options.threads()) {
                List<RunResult> rounds = Comparison.run(options, workload, targets, threads, progress);
                List<RunResult> median = Comparison.medians(targets, rounds);
                TextReport.print(out, options, threads, rounds, median);
                runs.addAll(rounds);
                medians.addAll(median);
            }
            if (options.json() != null) {
                JsonReport.write(options.json(), options, targets, runs, medians);
                out.println("wrote " + options.json());
            }
            if (options.html() != null) {
                SweepReport.write(options.html(), title(options), subtitle(options, targets), medians.stream()
                        .map(r -> new SweepPoint(r.target(), r.threads(), r.qps(), r.p50Micros(), r.p99Micros(),
                                r.errors(), r.cpuMicrosPerQuery())).toList());
                out.println("wrote " + options.html());
            }
            return runs.stream().allMatch(r -> r.errors() == 0);
        } finally {
            if (relay != null) {
                relay.close();
            }
        }
    }

    /** The first target, then the relay, then the --vs target: the order every round runs them in. */
    private static List<Target> targets(BenchOptions options, Relay relay) {
        List<Target> targets = new ArrayList<>();
        targets.add(new Target(options.name(), List.of(options.url()), cpu(options.pid())));
        if (relay != null) {
            targets.add(new Target("relay", List.of(Target.throughPort(options.vsUrls().get(0), relay.port())),
                    cpu(relay.pid())));
        }
        if (!options.vsUrls().isEmpty()) {
            targets.add(new Target(options.vsName(), options.vsUrls(), cpu(options.vsPid())));
        }
        return targets;
    }

    private static Optional<ProcessCpu> cpu(long pid) {
        return pid > 0 ? Optional.of(new ProcessCpu(pid)) : Optional.empty();
    }

    private static String title(BenchOptions options) {
        return options.workload().option() + ", " + options.statements().option() + " statements";
    }

    private static String subtitle(BenchOptions options, List<Target> targets) {
        return String.format("%s; %s per run after a %d s warm-up, median of %d round(s); targets: %s",
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")),
                options.count() > 0 ? options.count() + " statements" : options.seconds() + " s",
                options.warmupSeconds(), options.rounds(),
                String.join(", ", targets.stream().map(Target::name).toList()));
    }
}
