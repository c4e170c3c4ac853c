package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code idleTimeout} (1 s here) works as MySQL's wait_timeout: a connection that waits that long for a command is
 * closed; one that keeps sending commands, or runs a command longer than the timeout, is not.
 */
@Tag("integration")
class IdleTimeoutIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/short-idle-timeout");

    @Test
    void aConnectionIdleLongerThanTheTimeoutIsClosed() throws Exception {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(Rows.fetchAll(c, "SELECT 1")).hasToString("[[1]]");
            Thread.sleep(2_500);
            assertThatThrownBy(() -> Rows.fetchAll(c, "SELECT 1")).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void commandsKeepItOpenAndALongCommandIsNotIdleness() throws Exception {
        try (Connection c = tessera.connect("TESTDB")) {
            for (int i = 0; i < 8; i++) {
                Thread.sleep(400);
                assertThat(Rows.fetchAll(c, "SELECT 1")).hasToString("[[1]]");
            }
            // 2.2 s in one command, then at once the next: the idle time counts from the end of the command
            assertThat(Rows.fetchAll(c, "SELECT SLEEP(2.2)")).hasToString("[[0]]");
            Thread.sleep(500);
            assertThat(Rows.fetchAll(c, "SELECT 2")).hasToString("[[2]]");
        }
    }
}
