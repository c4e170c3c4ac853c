package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void readsBothTargetsAndNumbers() {
        BenchOptions o = BenchOptions.parse(new String[] {"--url", "jdbc:mysql://a", "--vs", "jdbc:mysql://b",
            "--threads", "16", "--seconds", "5", "--warmup", "0", "--rows", "100", "--table", "t1"});
        assertThat(o.urls()).containsExactly("jdbc:mysql://a", "jdbc:mysql://b");
        assertThat(o).extracting(BenchOptions::threads, BenchOptions::seconds, BenchOptions::warmupSeconds,
                BenchOptions::rows, BenchOptions::table).containsExactly(16, 5, 0, 100, "t1");
    }

    @Test
    void rejectsBadInputWithTheOptionNamed() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--threads", "4"}))
                .hasMessage("--url: missing (expected: a JDBC URL)");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "u", "--threads", "x"}))
                .hasMessage("--threads: x (expected: a whole number)");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--url", "u", "--table", "t;drop"}))
                .hasMessage("--table: t;drop (expected: a plain table name)");
        assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--bogus"})).hasMessage("unknown option: --bogus");
    }
}
