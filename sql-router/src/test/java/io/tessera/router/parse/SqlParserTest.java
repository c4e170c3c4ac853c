package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.error.RouteException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlParserTest {

    private final SqlParser parser = new SqlParser();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "select 1|SELECT",
        "insert into t values (1)|INSERT",
        "replace into t values (1)|REPLACE",
        "update t set a = 1|UPDATE",
        "delete from t|DELETE",
        "create table t (id int)|DDL",
        "alter table t add column b int|DDL",
        "drop table t|DDL",
        "truncate table t|DDL",
        "create index i on t (a)|DDL",
        "show databases|SHOW_DATABASES",
        "show full tables|SHOW_TABLES",
        "show warnings|SHOW_WARNINGS",
        "show variables like 'x'|SHOW_VARIABLES",
        "show create table t|SHOW_TABLE_INFO",
        "desc t|SHOW_TABLE_INFO",
        "show full columns from t|SHOW_TABLE_INFO",
        "show index from t|SHOW_TABLE_INFO",
        "show status|SHOW_STATUS",
        "show global status like 'Com%'|SHOW_STATUS",
        "show grants|SHOW_GRANTS",
        "show grants for current_user()|SHOW_GRANTS",
        "show processlist|SHOW_PROCESSLIST",
        "show full processlist|SHOW_PROCESSLIST",
        "show engines|SHOW_OTHER",
        "show table status|SHOW_TABLE_STATUS",
        "show table status from db like 't%'|SHOW_TABLE_STATUS",
        "show create database db|SHOW_CREATE_DATABASE",
        "show create schema if not exists db|SHOW_CREATE_DATABASE",
        "set names utf8mb4|SET",
        "set session transaction isolation level read committed|SET_TRANSACTION",
        "use db|USE",
        "begin|BEGIN",
        "start transaction|BEGIN",
        "commit|COMMIT",
        "rollback|ROLLBACK",
        "kill 5|KILL",
        "lock tables t write|LOCK",
        "unlock tables|LOCK",
        "explain select * from t|EXPLAIN",
    })
    void classifiesStatements(String sql, StatementType type) {
        assertThat(parser.parse(sql).type()).isEqualTo(type);
    }

    @Test
    void collectsTablesOnceInOrderWithQualifiersAndSkipsCteNames() {
        ParsedStatement s = parser.parse("with recent as (select * from orders) select * from TESTDB.company c "
                + "join recent r on r.cid = c.id where c.id in (select cid from `goods`) and exists "
                + "(select 1 from company)");
        assertThat(s.tables()).containsExactly(
                new TableReference(null, "orders"),
                new TableReference("TESTDB", "company", "c"),
                new TableReference(null, "goods"),
                new TableReference(null, "company"));
    }

    @Test
    void tablesOfShowStatements() {
        assertThat(parser.parse("show create table db.t").tables()).containsExactly(new TableReference("db", "t"));
        assertThat(parser.parse("show columns from t from db").tables())
                .containsExactly(new TableReference("db", "t"));
        assertThat(parser.parse("show index from t from db").tables()).containsExactly(new TableReference("db", "t"));
        assertThat(parser.parse("show table status from db").tables()).isEmpty();
        assertThat(parser.parse("show databases").tables()).isEmpty();
    }

    @Test
    void explainNamesTheStatementItExplains() {
        ParsedStatement inner = parser.explained(parser.parse("EXPLAIN select * from orders o where o.id = 1"));
        assertThat(inner.sql()).isEqualTo("select * from orders o where o.id = 1");
        assertThat(inner.type()).isEqualTo(StatementType.SELECT);
        assertThat(inner.tables()).containsExactly(new TableReference(null, "orders", "o"));
        assertThat(parser.parse("explain orders").type()).isEqualTo(StatementType.SHOW_TABLE_INFO);
    }

    @Test
    void syntaxErrorsAre1064() {
        assertThatThrownBy(() -> parser.parse("selekt 1"))
                .isInstanceOfSatisfying(RouteException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1064);
                    assertThat(e.sqlState()).isEqualTo("42000");
                    assertThat(e.getMessage()).isEqualTo("You have an error in your SQL syntax; check the manual that"
                            + " corresponds to your MySQL server version for the right syntax to use near 'selekt 1' at"
                            + " line 1");
                });
        assertThatThrownBy(() -> parser.parse("  "))
                .isInstanceOfSatisfying(RouteException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1065);
                    assertThat(e.getMessage()).isEqualTo("Query was empty");
                });
        for (String unreadable : List.of("DESC", "EXPLAIN", "XA", "KILL")) { // Druid throws odd exceptions here
            assertThatThrownBy(() -> parser.parse(unreadable)).as(unreadable)
                    .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1064));
        }
    }

    @Test
    void multiStatementsAreRefused() {
        assertThatThrownBy(() -> parser.parse("select 1; select 2"))
                .isInstanceOfSatisfying(RouteException.class, e -> assertThat(e.errorCode()).isEqualTo(1235));
    }

    /** RouterFuzzTest's shrunk example: Druid reads this alias with commons-lang3, which it does not declare. */
    @Test
    void qualifiedColumnWithAnAliasWithoutAsParses() {
        assertThat(parser.parse("select TESTDB.orders w").type()).isEqualTo(StatementType.SELECT);
        assertThat(parser.parse("select o.id w from orders o").tables()).hasSize(1);
    }
}
