package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real {@code mysqldump} (or {@code mariadb-dump}) dumps a logical schema through Tessera, every row of every
 * table (a sharded table from all its nodes, more rows than the schema's sqlMaxLimit), and the dump loads into a plain
 * MariaDB database with identical rows. It runs with {@code --single-transaction} and in mysqldump's default mode,
 * which takes {@code LOCK TABLES ... READ LOCAL} of the tables it dumps on every data node that holds them and reads
 * the rows under those locks. mysqldump reads each table's engine and columns from information_schema.TABLES and
 * COLUMNS, which Tessera answers from its logical catalog.
 */
@Tag("integration")
class MysqldumpIT {

    private static final Logger LOG = LogManager.getLogger(MysqldumpIT.class);
    private static final int ORDERS = 3000;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    private static String dump;
    private static String restored;

    @BeforeAll
    static void rowsOnEveryNode() throws SQLException {
        dump = DumpPrograms.mysqldump();
        assumeTrue(dump != null, "no mysqldump or mariadb-dump on the PATH");
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, body TEXT)");
            StringBuilder insert = new StringBuilder("INSERT INTO orders (id, customer, total) VALUES ");
            for (int id = 1; id <= ORDERS; id++) {
                insert.append(id == 1 ? "" : ", ").append('(').append(id).append(", ")
                        .append(id % 5 == 0 ? "NULL" : "'c''" + id + "'").append(", ").append(id).append(".25)");
            }
            s.executeUpdate(insert.toString());
            s.executeUpdate("INSERT INTO region VALUES (1, 'north'), (2, 'south')");
            s.executeUpdate("INSERT INTO notes VALUES (1, 'line\\none'), (2, '')");
        }
        restored = DataHosts.databaseName(MysqldumpIT.class, "restored");
        tessera.dataHosts().createDatabase(restored);
    }

    @AfterAll
    static void dropRestored() throws SQLException {
        if (restored != null) {
            tessera.dataHosts().dropDatabase(restored);
        }
    }

    @ParameterizedTest(name = "single transaction: {0}")
    @ValueSource(booleans = {true, false})
    void dumpOfTheLogicalSchemaLoadsBackWithEveryRow(boolean singleTransaction) throws Exception {
        String sql = run(command(singleTransaction, "TESTDB"));
        load(sql);
        for (String table : List.of("orders", "region", "notes")) {
            assertThat(restoredRows(table)).as(table).isEqualTo(throughTessera(table));
        }
        assertThat(restoredRows("orders")).hasSize(ORDERS);
    }

    @ParameterizedTest(name = "single transaction: {0}")
    @ValueSource(booleans = {true, false})
    void dumpOfOneTableHasAllItsRows(boolean singleTransaction) throws Exception {
        String sql = run(command(singleTransaction, "TESTDB", "orders"));
        assertThat(sql).contains("CREATE TABLE `orders`").doesNotContain("CREATE TABLE `region`");
        load(sql);
        assertThat(restoredRows("orders")).hasSize(ORDERS).isEqualTo(throughTessera("orders"));
    }

    /** mysqldump of {@code what}: with {@code --single-transaction}, or in its default mode (LOCK TABLES). */
    private static List<String> command(boolean singleTransaction, String... what) {
        List<String> command = new ArrayList<>(List.of(dump, "-h127.0.0.1", "-P" + tessera.port(), "-utest",
                "-ptest", "--no-tablespaces"));
        if (singleTransaction) {
            command.add("--single-transaction");
        }
        command.addAll(List.of(what));
        return command;
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        DumpPrograms.Dump dump = DumpPrograms.dump(command);
        if (!dump.err().isBlank()) {
            LOG.warn("{}: {}", command.get(0), dump.err());
        }
        return dump.sql();
    }

    private static void load(String sql) throws IOException, InterruptedException {
        DumpPrograms.load(tessera.dataHosts(), restored, sql);
    }

    private static List<List<Object>> restoredRows(String table) throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(restored)) {
            return Rows.fetchAll(c, "SELECT * FROM " + table + " ORDER BY id");
        }
    }

    /** All of a table's rows as Tessera merges them (ORDER BY with a LIMIT above sqlMaxLimit). */
    private static List<List<Object>> throughTessera(String table) throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            return Rows.fetchAll(c, "SELECT * FROM " + table + " ORDER BY id LIMIT " + (ORDERS + 1));
        }
    }
}
