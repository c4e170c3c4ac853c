package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class SelectVariablesTest {

    @Test
    void answersTheMysqlClientsVersionCommentQuery() {
        ResultTable t = table("select @@version_comment limit 1");
        assertThat(labels(t)).containsExactly("@@version_comment");
        assertThat(t.rows()).containsExactly(List.of("Tessera Server (monitor)"));
    }

    @Test
    void answersConnectorJsConnectQueryWithItsAliases() {
        String sql = "/* mysql-connector-j-9.7.0 (Revision: 0) */SELECT  @@session.auto_increment_increment AS "
                + "auto_increment_increment, @@character_set_client AS character_set_client, @@character_set_connection"
                + " AS character_set_connection, @@character_set_results AS character_set_results, "
                + "@@character_set_server AS character_set_server, @@collation_server AS collation_server, "
                + "@@collation_connection AS collation_connection, @@init_connect AS init_connect, "
                + "@@interactive_timeout AS interactive_timeout, @@license AS license, @@lower_case_table_names AS "
                + "lower_case_table_names, @@max_allowed_packet AS max_allowed_packet, @@net_write_timeout AS "
                + "net_write_timeout, @@performance_schema AS performance_schema, @@query_cache_size AS "
                + "query_cache_size, @@query_cache_type AS query_cache_type, @@sql_mode AS sql_mode, "
                + "@@system_time_zone AS system_time_zone, @@time_zone AS time_zone, @@transaction_isolation AS "
                + "transaction_isolation, @@wait_timeout AS wait_timeout";
        ResultTable t = table(sql);
        assertThat(labels(t)).containsExactly("auto_increment_increment", "character_set_client",
                "character_set_connection", "character_set_results", "character_set_server", "collation_server",
                "collation_connection", "init_connect", "interactive_timeout", "license", "lower_case_table_names",
                "max_allowed_packet", "net_write_timeout", "performance_schema", "query_cache_size",
                "query_cache_type", "sql_mode", "system_time_zone", "time_zone", "transaction_isolation",
                "wait_timeout");
        assertThat(t.rows()).containsExactly(List.of("1", "utf8mb4", "utf8mb4", "utf8mb4", "utf8mb4",
                "utf8mb4_general_ci", "utf8mb4_general_ci", "", "28800", "GPL", "0", Integer.toString(1 << 20), "60",
                "0", "0", "OFF", "", "UTC", "SYSTEM", "REPEATABLE-READ", "28800"));
    }

    @Test
    void scopesAndQuotedAliases() {
        ResultTable t = table("SELECT @@SESSION.tx_read_only, @@version v, @@GLOBAL.max_allowed_packet AS `m p`");
        assertThat(labels(t)).containsExactly("@@SESSION.tx_read_only", "v", "m p");
        assertThat(t.rows()).containsExactly(List.of("0", FakeContext.VERSION, Integer.toString(1 << 20)));
    }

    @Test
    void unknownVariableIsError1193() {
        assertThatThrownBy(() -> table("select @@no_such_thing"))
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1193))
                .hasMessage("Unknown system variable 'no_such_thing'");
    }

    @Test
    void otherSelectsAreNotVariableSelects() {
        assertThatThrownBy(() -> table("select 1")).isInstanceOfSatisfying(TesseraException.class,
                e -> assertThat(e.errorCode()).isEqualTo(1064));
        assertThatThrownBy(() -> table("select @@version from dual")).isInstanceOfSatisfying(TesseraException.class,
                e -> assertThat(e.errorCode()).isEqualTo(1064));
    }
}
