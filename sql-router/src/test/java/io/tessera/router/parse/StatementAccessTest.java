package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.parse.TableAccess.Operation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatementAccessTest {

    private final SqlParser parser = new SqlParser();

    private StatementAccess access(String sql) {
        return StatementAccess.of(parser.parse(sql));
    }

    /** Each table as {@code schema.table} or {@code table}, with its operations. */
    private Map<String, Set<Operation>> tables(String sql) {
        Map<String, Set<Operation>> tables = new LinkedHashMap<>();
        for (TableAccess table : access(sql).tables()) {
            String name = table.table().schema() == null ? table.table().table()
                    : table.table().schema() + "." + table.table().table();
            tables.put(name, table.ddl() ? Set.of() : table.operations());
        }
        return tables;
    }

    @Test
    void aSelectReadsEveryTableItNamesInJoinsSubqueriesAndTheSelectList() {
        assertThat(tables("SELECT (SELECT MAX(v) FROM s) FROM a JOIN TESTDB.c ON a.id = c.id"
                + " WHERE x IN (SELECT y FROM d)"))
                .containsExactly(Map.entry("s", Set.of(Operation.SELECT)), Map.entry("a", Set.of(Operation.SELECT)),
                        Map.entry("TESTDB.c", Set.of(Operation.SELECT)), Map.entry("d", Set.of(Operation.SELECT)));
        assertThat(access("SELECT * FROM t FOR UPDATE").changesData()).isFalse();
        assertThat(access("SELECT * FROM t").operation()).isEqualTo(Operation.SELECT);
    }

    @Test
    void aCommonTableExpressionIsNotATable() {
        assertThat(tables("WITH x AS (SELECT * FROM s) SELECT * FROM x JOIN t"))
                .containsOnlyKeys("s", "t");
    }

    @Test
    void anInsertInsertsIntoItsTableAndReadsTheTablesOfItsSelect() {
        assertThat(tables("INSERT INTO t (a) SELECT a FROM s JOIN u ON s.id = u.id"))
                .containsExactly(Map.entry("t", Set.of(Operation.INSERT)), Map.entry("s", Set.of(Operation.SELECT)),
                        Map.entry("u", Set.of(Operation.SELECT)));
        assertThat(tables("INSERT INTO t (a) SELECT a FROM t")).containsExactly(
                Map.entry("t", Set.of(Operation.INSERT, Operation.SELECT)));
        assertThat(access("INSERT INTO t VALUES (1)").changesData()).isTrue();
        assertThat(access("INSERT INTO t VALUES (1)").operation()).isEqualTo(Operation.INSERT);
    }

    @Test
    void replaceAlsoDeletesAndOnDuplicateKeyUpdateAlsoUpdatesAsMysqlRequires() {
        assertThat(tables("REPLACE INTO t VALUES (1)"))
                .containsExactly(Map.entry("t", Set.of(Operation.INSERT, Operation.DELETE)));
        assertThat(tables("INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2"))
                .containsExactly(Map.entry("t", Set.of(Operation.INSERT, Operation.UPDATE)));
    }

    @Test
    void anUpdateUpdatesTheTablesItAssignsAndReadsTheOthers() {
        assertThat(tables("UPDATE t SET v = (SELECT MAX(v) FROM s) WHERE id IN (SELECT id FROM u)"))
                .containsExactly(Map.entry("t", Set.of(Operation.UPDATE)), Map.entry("s", Set.of(Operation.SELECT)),
                        Map.entry("u", Set.of(Operation.SELECT)));
        assertThat(tables("UPDATE t h JOIN s ON h.sid = s.id SET h.v = s.v"))
                .containsExactly(Map.entry("t", Set.of(Operation.UPDATE)), Map.entry("s", Set.of(Operation.SELECT)));
        assertThat(tables("UPDATE t, s SET t.v = 1, s.w = 2 WHERE t.id = s.id"))
                .containsExactly(Map.entry("t", Set.of(Operation.UPDATE)), Map.entry("s", Set.of(Operation.UPDATE)));
    }

    @Test
    void anUnqualifiedColumnInAMultiTableUpdateCountsAsAnUpdateOfEveryJoinedTable() {
        assertThat(tables("UPDATE t JOIN s ON t.sid = s.id SET v = 1"))
                .containsExactly(Map.entry("t", Set.of(Operation.UPDATE)), Map.entry("s", Set.of(Operation.UPDATE)));
    }

    @Test
    void aDeleteDeletesFromTheTablesItListsAndReadsTheRest() {
        assertThat(tables("DELETE FROM t WHERE id IN (SELECT id FROM s)"))
                .containsExactly(Map.entry("t", Set.of(Operation.DELETE)), Map.entry("s", Set.of(Operation.SELECT)));
        assertThat(tables("DELETE h FROM t h JOIN s ON h.sid = s.id"))
                .containsExactly(Map.entry("t", Set.of(Operation.DELETE)), Map.entry("s", Set.of(Operation.SELECT)));
        assertThat(tables("DELETE FROM t USING t JOIN s ON t.sid = s.id"))
                .containsExactly(Map.entry("t", Set.of(Operation.DELETE)), Map.entry("s", Set.of(Operation.SELECT)));
    }

    @Test
    void schemaChangesAreDdlOnEveryTableTheyName() {
        StatementAccess drop = access("DROP TABLE t, s");
        assertThat(drop.changesData()).isTrue();
        assertThat(drop.operation()).isNull();
        assertThat(drop.tables()).extracting(TableAccess::ddl).containsExactly(true, true);
        assertThat(access("TRUNCATE TABLE t").tables()).extracting(TableAccess::ddl).containsExactly(true);
    }

    @Test
    void loadDataInsertsIntoItsTable() {
        StatementAccess load = access("LOAD DATA INFILE '/tmp/rows.csv' INTO TABLE t");
        assertThat(load.changesData()).isTrue();
        assertThat(load.tables()).extracting(TableAccess::operations).containsExactly(Set.of(Operation.INSERT));
    }

    @Test
    void aWriteLockCountsAsAChangeAndAReadLockDoesNot() {
        assertThat(access("LOCK TABLES t READ").changesData()).isFalse();
        assertThat(access("LOCK TABLES t READ, s WRITE").changesData()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SHOW TABLES", "SET NAMES utf8mb4", "BEGIN", "START TRANSACTION READ ONLY", "COMMIT",
        "ROLLBACK", "SAVEPOINT a", "USE TESTDB", "EXPLAIN INSERT INTO t VALUES (1)", "DESC t", "SHOW CREATE TABLE t",
        "XA START 'x'", "KILL 5", "SET autocommit = 0", "HELP 'select'"})
    void statementsThatNeitherReadNorWriteRowsChangeNothing(String sql) {
        assertThat(access(sql).changesData()).isFalse();
        assertThat(access(sql).operation()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"CALL p(1)", "GRANT SELECT ON *.* TO 'u'@'%'",
        "CREATE USER 'u'@'%'", "OPTIMIZE TABLE t", "RENAME TABLE t TO s"})
    void statementsNotKnownToOnlyReadCountAsChanges(String sql) {
        assertThat(access(sql).changesData()).isTrue();
    }
}
