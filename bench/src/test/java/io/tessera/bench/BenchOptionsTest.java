package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchOptionsTest {

    private static BenchOptions parse(String... args) {
        return BenchOptions.parse(args);
    }

    @Test
    void defaultsToPointSelectsThroughTesseraOnTheDemoPorts() {
        BenchOptions o = parse();
        assertThat(o.url()).isEqualTo("jdbc:mysql://127.0.0.1:8066/TESTDB?user=test&password=test&useSSL=false"
                + "&allowPublicKeyRetrieval=true");
        assertThat(o.workload()).isEqualTo(WorkloadKind.SELECT);
        assertThat(o.table()).isEqualTo("travelrecord");
        assertThat(o).extracting(BenchOptions::threads, BenchOptions::seconds, BenchOptions::warmupSeconds,
                BenchOptions::rounds, BenchOptions::rows, BenchOptions::statements)
                .containsExactly(List.of(4), 10, 3, 1, 10_000L, StatementMode.TEXT);
        assertThat(o.vsUrls()).isEmpty();
        assertThat(o.html()).isNull();
    }

    @Test
    void buildsTheUrlFromHostPortUserPasswordAndSchema() {
        assertThat(parse("--host", "127.0.0.2", "--port", "3307", "--user", "root", "--password", "",
                "--schema", "db1").url()).isEqualTo("jdbc:mysql://127.0.0.2:3307/db1?user=root&password="
                + "&useSSL=false&allowPublicKeyRetrieval=true");
        assertThatThrownBy(() -> parse("--url", "jdbc:mysql://a/b", "--port", "1"))
                .hasMessageContaining("give one or the other");
    }

    @Test
    void readsSeveralDirectHostsAndASweep() {
        BenchOptions o = parse("--url", "jdbc:mysql://a:1/x", "--vs", "jdbc:mysql://b:2/y,jdbc:mysql://c:3/y",
                "--sweep", "1,4, 16,64", "--rounds", "3", "--statements", "prepared", "--json", "out.json");
        assertThat(o.vsUrls()).containsExactly("jdbc:mysql://b:2/y", "jdbc:mysql://c:3/y");
        assertThat(o.threads()).containsExactly(1, 4, 16, 64);
        assertThat(o.html()).isEqualTo(Path.of("tessera-bench-report.html"));
        assertThat(o.statements()).isEqualTo(StatementMode.PREPARED);
        assertThat(o.json()).isEqualTo(Path.of("out.json"));
    }

    @Test
    void eachWorkloadHasItsDefaultTable() {
        assertThat(parse("--workload", "global-insert").table()).isEqualTo("goods");
        assertThat(parse("--workload", "merge-select").table()).isEqualTo("travelrecord");
        assertThat(parse("--workload", "insert", "--table", "t2").table()).isEqualTo("t2");
    }

    @Test
    void aTemplateRunsItsTotalWithoutWarmUpUnlessToldOtherwise(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.txt");
        Files.writeString(file, "total=500\nsql=select ${int(1-9)}\n");
        BenchOptions o = parse("--workload", "template", "--template", file.toString());
        assertThat(o.count()).isEqualTo(500);
        assertThat(o.warmupSeconds()).isZero();
        assertThat(parse("--workload", "template", "--template", file.toString(), "--count", "7", "--warmup", "1"))
                .extracting(BenchOptions::count, BenchOptions::warmupSeconds).containsExactly(7L, 1);
    }

    @Test
    void rejectsBadInputWithTheOptionNamed() {
        assertThatThrownBy(() -> parse("--threads", "x")).hasMessage("--threads: x (expected: a whole number)");
        assertThatThrownBy(() -> parse("--threads", "0")).hasMessageStartingWith("--threads/--sweep: [0]");
        assertThatThrownBy(() -> parse("--sweep", "1,a")).hasMessage("--sweep: 1,a (expected: e.g. 1,4,16,64)");
        assertThatThrownBy(() -> parse("--table", "t;drop")).hasMessage(
                "--table: t;drop (expected: a plain table name)");
        assertThatThrownBy(() -> parse("--bogus")).hasMessage("unknown option: --bogus");
        assertThatThrownBy(() -> parse("--workload")).hasMessage("--workload: missing value");
        assertThatThrownBy(() -> parse("--workload", "point")).hasMessage("--workload: point (expected: "
                + "insert|global-insert|select|merge-select|update|template|order-by-limit)");
        assertThatThrownBy(() -> parse("--statements", "binary")).hasMessage(
                "--statements: binary (expected: prepared or text)");
        assertThatThrownBy(() -> parse("--workload", "template")).hasMessage(
                "--workload template: --template FILE missing");
        assertThatThrownBy(() -> parse("--relay")).hasMessage(
                "--relay: needs --vs with one data host URL to relay to");
        assertThatThrownBy(() -> parse("--ranges", "1-10", "--rows", "11")).hasMessage(
                "--rows: 11 (expected: at most the 10 ids that --ranges spreads evenly)");
        assertThatThrownBy(() -> parse("--template", "/no/such/file", "--workload", "template"))
                .hasMessageStartingWith("--template: cannot read /no/such/file");
    }

    @Test
    void usageNamesEveryOptionTheParserKnows() {
        for (String option : List.of("--url", "--host", "--port", "--user", "--password", "--schema", "--name",
                "--pid", "--vs", "--vs-name", "--vs-pid", "--relay", "--haproxy", "--workload", "--template",
                "--table", "--ranges", "--rows", "--prepare", "--threads", "--sweep", "--seconds", "--count",
                "--warmup", "--rounds", "--statements", "--pool", "--json", "--html", "--quiet")) {
            assertThat(BenchOptions.USAGE).contains(option + " ");
        }
    }
}
