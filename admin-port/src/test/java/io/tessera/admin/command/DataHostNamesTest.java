package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DataHostNamesTest {

    @Test
    void rangesSpellOutQuotesComeOffAndNamesCountOnce() {
        assertThat(DataHostNames.parse("a$1-3, `b`,a2,,'c'", "switch @@datasource"))
                .containsExactly("a1", "a2", "a3", "b", "c");
    }

    @Test
    void aBadRangeNamesTheCommand() {
        assertThatThrownBy(() -> DataHostNames.parse("a$3-1", "stop @@heartbeat"))
                .hasMessage("stop @@heartbeat: range a$3-1 (expected: from <= to, at most 1024 names)");
        assertThatThrownBy(() -> DataHostNames.parse("a$1-5000", "switch @@datasource"))
                .hasMessageContaining("at most 1024 names");
    }
}
