package io.tessera.router.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LocalStatementsTest {

    private final SqlParser parser = new SqlParser();

    private ParsedStatement parse(String sql) {
        return parser.parse(sql);
    }

    @Test
    void setItemsNameTheirTargetsAndSayWhatTheValueIs() {
        List<SetItem> items = LocalStatements.setItems(parse("SET @@session.sql_mode = 'ANSI', autocommit = ON,"
                + " @Total = 1 + 2, wait_timeout = DEFAULT, character_set_results = NULL,"
                + " @@local.Net_Write_Timeout = 60"));

        assertThat(items).extracting(SetItem::target).containsExactly("sql_mode", "autocommit", "@Total",
                "wait_timeout", "character_set_results", "net_write_timeout");
        assertThat(items).extracting(SetItem::kind).containsExactly(SetItem.Kind.LITERAL, SetItem.Kind.LITERAL,
                SetItem.Kind.EXPRESSION, SetItem.Kind.DEFAULT, SetItem.Kind.NULL, SetItem.Kind.LITERAL);
        assertThat(items).extracting(SetItem::sql).containsExactly("'ANSI'", "ON", "1 + 2", "DEFAULT", "NULL", "60");
        assertThat(items).allSatisfy(item -> assertThat(item.refusal()).isNull());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "SET NAMES utf8mb4|names|utf8mb4|-",
        "SET NAMES 'latin1' COLLATE 'latin1_bin'|names|latin1|latin1_bin",
        "SET NAMES `utf8`|names|utf8|-",
        "SET CHARACTER SET 'utf8'|character set|utf8|-",
    })
    void setNamesReadsTheCharacterSetAndCollation(String sql, String target, String charset, String collation) {
        SetItem item = LocalStatements.setItems(parse(sql)).get(0);

        assertThat(item.target()).isEqualTo(target);
        assertThat(item.charset()).isEqualTo(charset);
        assertThat(item.collation()).isEqualTo(collation);
    }

    @Test
    void aGlobalTargetIsRefusedWhereItStandsAndReadingStopsThere() {
        List<SetItem> items = LocalStatements.setItems(parse("SET NAMES utf8, @@global.wait_timeout = 1, x = 2"));

        assertThat(items).hasSize(2);
        assertThat(items.get(0).refusal()).isNull();
        assertThat(items.get(1).target()).isNull();
        assertThat(items.get(1).refusal().errorCode()).isEqualTo(ErrorCode.NOT_SUPPORTED_YET.code());
        assertThat(items.get(1).refusal().getMessage()).contains("SET GLOBAL is not supported");
    }

    @Test
    void sessionValuesAreVariablesAndFunctionsOfAFromLessSelect() {
        assertThat(LocalStatements.sessionValues(parse("SELECT @@session.auto_increment_increment AS"
                + " auto_increment_increment, @@version_comment, DATABASE(), @@local.`tx_isolation` t")))
                .hasValue(List.of(
                        new SelectedValue("auto_increment_increment", "auto_increment_increment", false),
                        new SelectedValue("@@version_comment", "version_comment", false),
                        new SelectedValue("DATABASE()", "database", true),
                        new SelectedValue("t", "tx_isolation", false)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "SELECT @@version FROM dual WHERE 1 = 1",
        "SELECT @@global.sql_mode",
        "SELECT @x",
        "SELECT 1",
        "SELECT NOW()",
        "SELECT database() FROM t",
        "SHOW DATABASES",
    })
    void anythingElseHasNoSessionValues(String sql) {
        assertThat(LocalStatements.sessionValues(parse(sql))).isEmpty();
    }

    @Test
    void showTablesReadsSchemaFullLikeAndWhere() {
        assertThat(LocalStatements.showTables(parse("SHOW FULL TABLES FROM `TESTDB` LIKE 'tr\\_%'")))
                .isEqualTo(new ShowTables("TESTDB", true, "tr\\_%", false));
        assertThat(LocalStatements.showTables(parse("show tables")))
                .isEqualTo(new ShowTables(null, false, null, false));
        assertThat(LocalStatements.showTables(parse("show tables where Tables_in_db = 'x'")).where()).isTrue();
    }

    @Test
    void useNamesTheSchemaUnquoted() {
        assertThat(LocalStatements.useSchema(parse("USE `TESTDB`"))).isEqualTo("TESTDB");
        assertThat(LocalStatements.useSchema(parse("use db1"))).isEqualTo("db1");
    }

    @Test
    void killReadsTheKindAndTheId() {
        assertThat(LocalStatements.kill(parse("KILL 42"))).isEqualTo(new Kill(true, 1, 42L, "42"));
        assertThat(LocalStatements.kill(parse("KILL CONNECTION 7"))).isEqualTo(new Kill(true, 1, 7L, "7"));
        assertThat(LocalStatements.kill(parse("KILL QUERY 7"))).isEqualTo(new Kill(false, 1, 7L, "7"));
        assertThat(LocalStatements.kill(parse("KILL 1, 2"))).isEqualTo(new Kill(true, 2, null, null));
    }

    @Test
    void transactionStatements() {
        assertThat(LocalStatements.startsReadOnly(parse("START TRANSACTION READ ONLY"))).isTrue();
        assertThat(LocalStatements.startsReadOnly(parse("START TRANSACTION"))).isFalse();
        assertThat(LocalStatements.startsReadOnly(parse("BEGIN"))).isFalse();

        assertThat(LocalStatements.savepoint(parse("SAVEPOINT `s1`")))
                .isEqualTo(new Savepoint(Savepoint.Action.SET, "s1"));
        assertThat(LocalStatements.savepoint(parse("ROLLBACK TO SAVEPOINT s1")))
                .isEqualTo(new Savepoint(Savepoint.Action.ROLLBACK_TO, "s1"));
        assertThat(LocalStatements.savepoint(parse("RELEASE SAVEPOINT s1")))
                .isEqualTo(new Savepoint(Savepoint.Action.RELEASE, "s1"));

        assertThat(LocalStatements.transactionCharacteristics(parse(
                "SET SESSION TRANSACTION ISOLATION LEVEL READ   committed")))
                .isEqualTo(new TransactionCharacteristics(TransactionCharacteristics.Scope.SESSION, "READ COMMITTED",
                        null));
        assertThat(LocalStatements.transactionCharacteristics(parse("SET TRANSACTION READ ONLY")))
                .isEqualTo(new TransactionCharacteristics(TransactionCharacteristics.Scope.NEXT_TRANSACTION, null,
                        true));
        assertThat(LocalStatements.transactionCharacteristics(parse("SET GLOBAL TRANSACTION READ WRITE")))
                .isEqualTo(new TransactionCharacteristics(TransactionCharacteristics.Scope.GLOBAL, null, false));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "SHOW GRANTS|-|-",
        "SHOW GRANTS FOR CURRENT_USER|-|-",
        "show grants for current_user()|-|-",
        "SHOW GRANTS FOR 'test'@'%'|test|%",
        "SHOW GRANTS FOR test@localhost|test|localhost",
        "SHOW GRANTS FOR 'o''brien'@'10.0.0.1'|o'brien|10.0.0.1",
        "SHOW GRANTS FOR test|test|%",
        "SHOW GRANTS FOR 'test'|test|%",
    })
    void showGrantsNamesTheAccountOrTheCurrentUser(String sql, String user, String host) {
        assertThat(LocalStatements.showGrants(parse(sql))).isEqualTo(new ShowGrants(user, host));
    }

    @Test
    void showGrantsForSomethingElseThanAnAccountIsASyntaxError() {
        assertThatThrownBy(() -> LocalStatements.showGrants(parse("SHOW GRANTS FOR 1 + 1")))
                .isInstanceOfSatisfying(RouteException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(ErrorCode.PARSE_ERROR.code());
                    assertThat(e.getMessage()).contains("names no account");
                });
    }

    @Test
    void showProcessListReadsFull() {
        assertThat(LocalStatements.fullProcessList(parse("SHOW FULL PROCESSLIST"))).isTrue();
        assertThat(LocalStatements.fullProcessList(parse("show processlist"))).isFalse();
    }

    @Test
    void showStatusReadsScopeLikeAndWhere() {
        assertThat(LocalStatements.showStatus(parse("SHOW GLOBAL STATUS LIKE 'Com\\_%'")))
                .isEqualTo(new ShowStatus(true, "Com\\_%", false));
        assertThat(LocalStatements.showStatus(parse("SHOW SESSION STATUS")))
                .isEqualTo(new ShowStatus(false, null, false));
        assertThat(LocalStatements.showStatus(parse("SHOW STATUS")))
                .isEqualTo(new ShowStatus(false, null, false));
        assertThat(LocalStatements.showStatus(parse("SHOW STATUS WHERE Variable_name = 'Uptime'")).where()).isTrue();
    }

    @Test
    void showStatusLikeTakesOnlyAString() {
        assertThatThrownBy(() -> LocalStatements.showStatus(parse("SHOW STATUS LIKE concat('Up', 'time')")))
                .isInstanceOfSatisfying(RouteException.class, e ->
                        assertThat(e.errorCode()).isEqualTo(ErrorCode.PARSE_ERROR.code()));
    }
}
