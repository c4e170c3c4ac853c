package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.TesseraServer;
import io.tessera.proxy.sequence.ConcurrentIds;
import io.tessera.proxy.sequence.Sequences;
import io.tessera.proxy.sequence.SequencesFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * sequenceHandlerType 1 against the real data host: dn1 holds MyCat's own dbseq.sql (the shipped conf/dbseq.sql,
 * table and functions), dn2 a plain MYCAT_SEQUENCE table; the server's handler and a second, independent one (as a
 * second Tessera process would have) share them.
 */
@Tag("integration")
class DatabaseSequencesIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sequence-db");

    private static final Path DBSEQ_SQL = Path.of("..", "conf", "dbseq.sql");

    @BeforeAll
    static void createSequenceTables() throws Exception {
        try (Connection connection = tessera.dataHosts().connectDirect(tessera.database("db1"));
                Statement statement = connection.createStatement()) {
            for (String sql : mysqlClientStatements(Files.readString(DBSEQ_SQL))) {
                statement.execute(sql);
            }
        }
        tessera.dataHosts().executeIn(tessera.database("db1"),
                "INSERT INTO MYCAT_SEQUENCE VALUES ('FUNC', 0, 100), ('FUNC_SHARED', 0, 50)");
        tessera.dataHosts().executeIn(tessera.database("db2"),
                "CREATE TABLE MYCAT_SEQUENCE (name VARCHAR(64) NOT NULL, current_value BIGINT NOT NULL,"
                        + " increment INT NOT NULL DEFAULT 1, PRIMARY KEY (name)) ENGINE=InnoDB",
                "INSERT INTO MYCAT_SEQUENCE VALUES ('PLAIN', 0, 100), ('SHARED', 0, 50)");
    }

    /** Splits a script as the mysql client does: statements end at the delimiter, which DELIMITER changes. */
    private static List<String> mysqlClientStatements(String script) {
        List<String> statements = new ArrayList<>();
        String delimiter = ";";
        StringBuilder statement = new StringBuilder();
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("DELIMITER ")) {
                delimiter = trimmed.substring("DELIMITER ".length()).strip();
                continue;
            }
            if (statement.isEmpty() && (trimmed.isEmpty() || trimmed.startsWith("--"))) {
                continue;
            }
            statement.append(line).append('\n');
            if (trimmed.endsWith(delimiter)) {
                String text = statement.toString().strip();
                statements.add(text.substring(0, text.length() - delimiter.length()).strip());
                statement.setLength(0);
            }
        }
        if (!statement.toString().isBlank()) {
            statements.add(statement.toString().strip());
        }
        return statements;
    }

    private static TesseraServer server() {
        return tessera.server();
    }

    private static long currentValue(String database, String name) throws SQLException {
        try (Connection connection = tessera.dataHosts().connectDirect(tessera.database(database));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT current_value FROM MYCAT_SEQUENCE WHERE name = '" + name + "'")) {
            assertThat(rows.next()).isTrue();
            return rows.getLong(1);
        }
    }

    @Test
    void mycatsFunctionsHandOutBlocksOfTheIncrementOrOfTheCount() throws SQLException {
        Sequences sequences = server().sequences();

        assertThat(sequences.next("FUNC", 1).join()).isEqualTo(1L);
        assertThat(currentValue("db1", "FUNC")).isEqualTo(100L);
        assertThat(sequences.next("func", 99).join()).isEqualTo(2L);
        assertThat(sequences.next("FUNC", 250).join()).isEqualTo(101L);
        assertThat(currentValue("db1", "FUNC")).isEqualTo(350L);
        assertThat(sequences.next("GLOBAL", 1).join()).isEqualTo(2L);      // dbseq.sql's own row: ('GLOBAL', 1, 1)
    }

    @Test
    void thePlainTableHandsOutBlocksOfTheIncrementOrOfTheCount() throws SQLException {
        Sequences sequences = server().sequences();

        assertThat(sequences.next("PLAIN", 1).join()).isEqualTo(1L);
        assertThat(currentValue("db2", "PLAIN")).isEqualTo(100L);
        assertThat(sequences.next("PLAIN", 250).join()).isEqualTo(101L);
        assertThat(currentValue("db2", "PLAIN")).isEqualTo(350L);
        assertThat(sequences.next("PLAIN", 1).join()).isEqualTo(351L);
    }

    @Test
    void aSequenceWithoutItsRowIsUnknown() {
        assertThat(server().sequences().has("NOROW")).isTrue();
        assertThatThrownBy(() -> server().sequences().next("NOROW", 1).join()).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(4091))
                .hasMessage("Unknown SEQUENCE: 'NOROW'");
        assertThatThrownBy(() -> server().sequences().next("NOT_CONFIGURED", 1).join()).cause()
                .hasMessage("Unknown SEQUENCE: 'NOT_CONFIGURED'");
    }

    @Test
    void anUnreachableDataNodeFailsNamingTheSequenceAndTheNode() {
        assertThatThrownBy(() -> server().sequences().next("DOWN", 1).join()).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1105))
                .hasMessageStartingWith("sequence DOWN: data node dn3 (data host nowhere): ");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"FUNC_SHARED", "SHARED"})
    void twoHandlersSharingTheTableNeverHandOutTheSameId(String name) throws Exception {
        Sequences second = SequencesFactory.create(server().topology().config(),
                node -> server().topology().dataNodes().get(node), Runnable::run);
        Set<Long> ids;
        try {
            ids = ConcurrentIds.take(List.of(server().sequences(), second), name, 16, 10_000);
        } finally {
            second.close();
        }

        assertThat(ids).hasSize(320_000);
        assertThat(ids.stream().mapToLong(Long::longValue).max().orElseThrow())
                .isLessThanOrEqualTo(currentValue(name.equals("SHARED") ? "db2" : "db1", name));
    }
}
