package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.Command;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.parse.StatementType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusVariablesTest {

    private final Clients clients = new Clients();
    private final StatusVariables status = new StatusVariables(clients.connections);
    private final ClientChannel me = clients.loggedIn(1, "test", "TESTDB");
    private final ClientChannel other = clients.loggedIn(2, "other", "TESTDB");

    StatusVariablesTest() {
        clients.connecting(3);
        clients.connections.status().command(me.session(), Command.QUERY);
        clients.connections.status().statement(me.session(), StatementType.SELECT);
        clients.connections.status().command(other.session(), Command.QUERY);
        clients.connections.status().statement(other.session(), StatementType.SELECT);
        clients.connections.status().command(other.session(), Command.QUERY);
        clients.connections.status().statement(other.session(), StatementType.INSERT);
        me.activity().started(Command.QUERY);
        me.received(40);
        other.received(60);
    }

    @Test
    void globalValuesAreTheServers() {
        Map<String, String> values = status.values(me, true);

        assertThat(values).containsEntry("Questions", "3").containsEntry("Queries", "3")
                .containsEntry("Com_select", "2").containsEntry("Com_insert", "1").containsEntry("Com_update", "0")
                .containsEntry("Bytes_received", "100").containsEntry("Threads_connected", "3")
                .containsEntry("Threads_running", "1").containsEntry("Connections", "3")
                .containsEntry("Max_used_connections", "3").containsEntry("Aborted_connects", "0")
                .containsKey("Uptime").containsKey("Bytes_sent");
    }

    @Test
    void sessionValuesAreTheSessionsWhereMysqlHasThem() {
        Map<String, String> values = status.values(me, false);

        assertThat(values).containsEntry("Questions", "1").containsEntry("Com_select", "1")
                .containsEntry("Com_insert", "0").containsEntry("Bytes_received", "40")
                .containsEntry("Threads_connected", "3"); // a global-only variable: the server's
    }

    @Test
    void likeMatchesNamesInAnyCaseWithMysqlsWildcardsInMysqlsOrder() {
        ResultTable table = status.table(me, true, "com\\_s%t");

        assertThat(table.columns()).extracting(c -> c.name()).containsExactly("Variable_name", "Value");
        assertThat(table.rows()).extracting(row -> row.get(0)).containsExactly("Com_select", "Com_show_processlist",
                "Com_stmt_reset");
        assertThat(status.table(me, true, "threads_conne_ted").rows()).containsExactly(List.of("Threads_connected",
                "3"));
    }
}
