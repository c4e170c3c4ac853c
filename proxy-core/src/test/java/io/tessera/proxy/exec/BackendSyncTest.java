package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BackendSyncTest {

    @Test
    void mysqlFrom5720GetsTheTransactionVariablesUnderTheirNewNames() {
        assertThat(BackendSync.onServer("tx_isolation", "8.0.36")).isEqualTo("transaction_isolation");
        assertThat(BackendSync.onServer("tx_read_only", "8.4.0-commercial")).isEqualTo("transaction_read_only");
        assertThat(BackendSync.onServer("tx_isolation", "5.7.20-log")).isEqualTo("transaction_isolation");
    }

    @Test
    void mariaDbAndOlderMysqlKeepTheOldNames() {
        assertThat(BackendSync.onServer("tx_isolation", "5.5.5-10.11.19-MariaDB-0+deb12u1")).isEqualTo("tx_isolation");
        assertThat(BackendSync.onServer("tx_read_only", "11.4.5-MariaDB")).isEqualTo("tx_read_only");
        assertThat(BackendSync.onServer("tx_isolation", "5.7.19")).isEqualTo("tx_isolation");
        assertThat(BackendSync.onServer("tx_isolation", "5.6.51")).isEqualTo("tx_isolation");
    }

    @Test
    void otherVariablesAreNeverRenamed() {
        assertThat(BackendSync.onServer("sql_mode", "8.0.36")).isEqualTo("sql_mode");
        assertThat(BackendSync.onServer("time_zone", "5.5.5-10.11.19-MariaDB")).isEqualTo("time_zone");
    }
}
