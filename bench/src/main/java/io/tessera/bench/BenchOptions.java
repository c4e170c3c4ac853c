package io.tessera.bench;

import io.tessera.bench.template.TemplateFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The command line, checked when parsed; {@link #USAGE} documents every option. */
record BenchOptions(String url, List<String> vsUrls, String name, String vsName, boolean relay, String haproxy,
        WorkloadKind workload, Path template, String table, IdSpace ids, long rows, List<Integer> threads,
        int seconds, long count, int warmupSeconds, int rounds, StatementMode statements, int poolSize, Path json,
        Path html, long pid, long vsPid, boolean prepare, boolean quiet) {

    static final String USAGE = """
            usage: tessera-bench [target] [workload] [run] [output]
            target:
              --url JDBC_URL          the target (default: --host 127.0.0.1 --port 8066 --user test --password test
                                      --schema TESTDB)
              --host H --port P --user U --password W --schema S   the target without a URL
              --name NAME             the target's name in the output (default: tessera)
              --pid PID               the target's process: prints its CPU time per query (from /proc/PID/stat)
              --vs JDBC_URL[,URL...]  a second target, run alternately with the first; several URLs (data hosts) are
                                      run at once and their QPS summed
              --vs-name NAME          its name (default: direct)
              --vs-pid PID            its process, for CPU per query
              --relay                 also run through HAProxy (TCP mode, one thread) in front of the --vs host: the
                                      three-way comparison direct / relay / target
              --haproxy PATH          the haproxy binary (default: haproxy on the PATH)
            workload:
              --workload %s
                                      (default: select)
              --template FILE         MyCat's template file (total= and sql= lines), for --workload template
              --table NAME            the table (default: travelrecord; goods for global-insert)
              --ranges R1,R2...       ids per data node, MyCat style: 1-500M,500M1-1000M (K=1000, M=10000)
              --rows N                rows --prepare loads and select/update/merge-select read (default: 10000)
              --prepare               drop, create and fill the workload's table on every target first
            run:
              --threads N             threads per target URL (default: 4)
              --sweep 1,4,16,64       repeat over these thread counts and write the HTML report
              --seconds S             measured time per run (default: 10), or
              --count N               statements per run (a template's total= by default)
              --warmup S              unmeasured seconds before each run (default: 3; 0 with a count)
              --rounds N              alternate the targets N times and report the medians (default: 1)
              --statements prepared|text   server-side prepared statements, or plain queries (default: text)
              --pool N                HikariCP pool size per URL (default: the thread count)
            output:
              --json FILE             every run and the medians, for machines
              --html FILE             the sweep report (default: tessera-bench-report.html with --sweep)
              --quiet                 no live progress line
            """.formatted(WorkloadKind.names());

    BenchOptions {
        vsUrls = List.copyOf(vsUrls);
        threads = List.copyOf(threads);
        check(!threads.isEmpty() && threads.stream().allMatch(t -> t >= 1), "--threads/--sweep: " + threads
                + " (expected: whole numbers >= 1)");
        check(seconds >= 1, "--seconds: " + seconds + " (expected: >= 1)");
        check(count >= 0, "--count: " + count + " (expected: >= 1)");
        check(warmupSeconds >= 0, "--warmup: " + warmupSeconds + " (expected: >= 0)");
        check(rounds >= 1, "--rounds: " + rounds + " (expected: >= 1)");
        check(rows >= 1, "--rows: " + rows + " (expected: >= 1)");
        check(rows <= ids.size(), "--rows: " + rows + " (expected: at most the " + ids.size()
                + " ids that --ranges spreads evenly)");
        check(table.matches("\\w+") || workload == WorkloadKind.TEMPLATE && table.isEmpty(),
                "--table: " + table + " (expected: a plain table name)");
        check(workload != WorkloadKind.TEMPLATE || template != null, "--workload template: --template FILE missing");
        check(!relay || vsUrls.size() == 1, "--relay: needs --vs with one data host URL to relay to");
    }

    static BenchOptions parse(String[] args) {
        Parser p = new Parser(args);
        String url = null;
        String host = "127.0.0.1";
        String port = "8066";
        String user = "test";
        String password = "test";
        String schema = "TESTDB";
        boolean hostGiven = false;
        List<String> vs = new ArrayList<>();
        String name = "tessera";
        String vsName = "direct";
        boolean relay = false;
        String haproxy = "haproxy";
        WorkloadKind workload = WorkloadKind.SELECT;
        Path template = null;
        String table = null;
        String ranges = "1-500M,500M1-1000M";
        long rows = 10_000;
        List<Integer> threads = List.of(4);
        boolean sweep = false;
        int seconds = 10;
        long count = 0;
        Integer warmup = null;
        int rounds = 1;
        StatementMode statements = StatementMode.TEXT;
        int pool = 0;
        Path json = null;
        Path html = null;
        long pid = 0;
        long vsPid = 0;
        boolean prepare = false;
        boolean quiet = false;
        while (p.hasNext()) {
            String option = p.next();
            switch (option) {
                case "--url" -> url = p.value(option);
                case "--host" -> { host = p.value(option); hostGiven = true; }
                case "--port" -> { port = Integer.toString(p.number(option)); hostGiven = true; }
                case "--user" -> { user = p.value(option); hostGiven = true; }
                case "--password" -> { password = p.value(option); hostGiven = true; }
                case "--schema" -> { schema = p.value(option); hostGiven = true; }
                case "--name" -> name = p.value(option);
                case "--pid" -> pid = p.longNumber(option);
                case "--vs" -> vs.addAll(Arrays.asList(p.value(option).split(",")));
                case "--vs-name" -> vsName = p.value(option);
                case "--vs-pid" -> vsPid = p.longNumber(option);
                case "--relay" -> relay = true;
                case "--haproxy" -> haproxy = p.value(option);
                case "--workload" -> workload = WorkloadKind.parse(p.value(option));
                case "--template" -> template = Path.of(p.value(option));
                case "--table" -> table = p.value(option);
                case "--ranges" -> ranges = p.value(option);
                case "--rows" -> rows = p.longNumber(option);
                case "--prepare" -> prepare = true;
                case "--threads" -> threads = List.of(p.number(option));
                case "--sweep" -> { threads = p.numbers(option); sweep = true; }
                case "--seconds" -> seconds = p.number(option);
                case "--count" -> count = p.longNumber(option);
                case "--warmup" -> warmup = p.number(option);
                case "--rounds" -> rounds = p.number(option);
                case "--statements" -> statements = StatementMode.parse(p.value(option));
                case "--pool" -> pool = p.number(option);
                case "--json" -> json = Path.of(p.value(option));
                case "--html" -> html = Path.of(p.value(option));
                case "--quiet" -> quiet = true;
                default -> throw new IllegalArgumentException("unknown option: " + option);
            }
        }
        check(url == null || !hostGiven, "--url and --host/--port/--user/--password/--schema: give one or the other");
        if (url == null) {
            url = "jdbc:mysql://" + host + ":" + port + "/" + schema + "?user=" + user + "&password=" + password
                    + "&useSSL=false&allowPublicKeyRetrieval=true";
        }
        if (workload == WorkloadKind.TEMPLATE && count == 0 && template != null) {
            count = templateTotal(template);
        }
        if (sweep && html == null) {
            html = Path.of("tessera-bench-report.html");
        }
        return new BenchOptions(url, vs, name, vsName, relay, haproxy, workload, template,
                table == null ? workload.defaultTable() : table, IdSpace.parse(ranges), rows, threads, seconds,
                count, warmup != null ? warmup : count > 0 ? 0 : 3, rounds, statements, pool, json, html, pid, vsPid,
                prepare, quiet);
    }

    /** How many statements a template file asks for ({@code total=}), or 0 when it does not say. */
    private static long templateTotal(Path template) {
        try {
            return TemplateFile.read(template).total();
        } catch (IOException e) {
            throw new IllegalArgumentException("--template: cannot read " + template + ": " + e.getMessage(), e);
        }
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Walks the arguments, reading options' values. */
    private static final class Parser {

        private final String[] args;
        private int next;

        Parser(String[] args) {
            this.args = args;
        }

        boolean hasNext() {
            return next < args.length;
        }

        String next() {
            return args[next++];
        }

        String value(String option) {
            check(next < args.length, option + ": missing value");
            return args[next++];
        }

        int number(String option) {
            return Math.toIntExact(longNumber(option));
        }

        long longNumber(String option) {
            String value = value(option);
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": " + value + " (expected: a whole number)");
            }
        }

        List<Integer> numbers(String option) {
            String value = value(option);
            List<Integer> numbers = new ArrayList<>();
            for (String part : value.split(",")) {
                try {
                    numbers.add(Integer.parseInt(part.trim()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(option + ": " + value + " (expected: e.g. 1,4,16,64)");
                }
            }
            return numbers;
        }
    }
}
