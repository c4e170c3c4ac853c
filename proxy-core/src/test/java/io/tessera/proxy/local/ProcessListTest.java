package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.Command;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.local.ProcessList.Process;
import io.tessera.proxy.session.ClientChannel;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessListTest {

    private final Clients clients = new Clients();
    private final ProcessList processList = new ProcessList(clients.connections);

    @Test
    void aUserSeesItsOwnLoggedInConnectionsByIdAsMysqlShowsThreads() {
        ClientChannel mine = clients.loggedIn(9, "test", "TESTDB");
        clients.loggedIn(4, "test", null);
        clients.loggedIn(5, "other", "OTHERDB");
        clients.connecting(6);
        mine.activity().started(Command.QUERY);
        mine.activity().statement("SHOW PROCESSLIST");

        List<Process> seen = processList.visibleTo(mine.session());

        assertThat(seen).containsExactly(
                new Process(4, "test", "127.0.0.1:0", null, "Sleep", 0, "", null),
                new Process(9, "test", "127.0.0.1:0", "TESTDB", "Query", 0, "executing", "SHOW PROCESSLIST"));
    }

    @Test
    void withoutFullAStatementShowsItsFirstHundredCharacters() {
        ClientChannel mine = clients.loggedIn(1, "test", "TESTDB");
        String select = "SELECT '" + "x".repeat(200) + "'";
        mine.activity().started(Command.QUERY);
        mine.activity().statement(select);

        ResultTable brief = processList.table(mine.session(), false);
        ResultTable full = processList.table(mine.session(), true);

        assertThat(brief.columns()).extracting(c -> c.name())
                .containsExactly("Id", "User", "Host", "db", "Command", "Time", "State", "Info");
        assertThat(brief.rows().get(0).get(7)).isEqualTo(select.substring(0, 100));
        assertThat(full.rows().get(0).get(7)).isEqualTo(select);
        assertThat(full.rows().get(0)).containsExactly("1", "test", "127.0.0.1:0", "TESTDB", "Query", "0",
                "executing", select);
    }
}
