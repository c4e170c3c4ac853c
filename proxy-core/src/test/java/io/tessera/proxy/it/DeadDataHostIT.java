package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Tessera starts although a data host is down, and each statement for it gets an ERR naming node and host. */
@Tag("integration")
class DeadDataHostIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/dead-host");

    @Test
    void statementsForADeadDataHostFailClearlyAndTheSessionLivesOn() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int i = 0; i < 3; i++) {
                assertThatThrownBy(() -> s.executeQuery("SELECT * FROM t"))
                        .isInstanceOfSatisfying(SQLException.class, e -> {
                            assertThat(e.getErrorCode()).isEqualTo(1105);
                            assertThat(e.getSQLState()).isEqualTo("HY000");
                            assertThat(e.getMessage()).contains("data node dn1", "data host host1 (127.0.0.1:9)",
                                    "cannot connect");
                        });
            }
            assertThat(Rows.fetchAll(c, "SHOW DATABASES")).containsExactly(List.of("TESTDB"));
        }
    }
}
