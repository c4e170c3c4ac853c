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

/** {@code handleDistributedTransactions=1}: a transaction may use one data node, plus global tables; no more. */
@Tag("integration")
class LocalTransactionsOnlyIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/transactions-local-only");

    @Test
    void aTransactionThatWouldSpanDataNodesIsRefusedAndTheSessionGoesOn() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY, v INT NOT NULL)");
            s.execute("CREATE TABLE settings (name VARCHAR(20) PRIMARY KEY, v INT)");
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (2, 1)");
            s.executeUpdate("INSERT INTO settings VALUES ('x', 1)"); // a global table: allowed
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO acct VALUES (3, 1)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("[dn1, dn2]", "handleDistributedTransactions=1");
                    });
            s.executeUpdate("INSERT INTO acct VALUES (4, 1)");
            c.commit();
            c.setAutoCommit(true);
            s.executeUpdate("INSERT INTO acct VALUES (3, 1)"); // outside a transaction any node is fine
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id"))
                    .containsExactly(List.of(2L), List.of(3L), List.of(4L));
        }
    }
}
