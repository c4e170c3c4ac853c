package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowHelpTest {

    @Test
    void listsTheCommandsThatExistInMyCatsOrder() {
        ResultTable t = table("show @@help");
        assertThat(labels(t)).containsExactly("STATEMENT", "DESCRIPTION");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING);
        assertThat(t.rows()).containsExactly(
                List.of("show @@time.current", "Report current timestamp"),
                List.of("show @@time.startup", "Report startup timestamp"),
                List.of("show @@version", "Report server version"),
                List.of("show @@server", "Report server status"),
                List.of("show @@threadpool", "Report threadPool status"),
                List.of("show @@database", "Report databases"),
                List.of("show @@datanode", "Report dataNodes"),
                List.of("show @@datanode where schema = ?", "Report dataNodes"),
                List.of("show @@datasource", "Report dataSources"),
                List.of("show @@datasource where dataNode = ?", "Report dataSources"),
                List.of("show @@datasource.synstatus", "Report datasource data synchronous"),
                List.of("show @@datasource.syndetail where name=?", "Report datasource data synchronous detail"),
                List.of("show @@processor", "Report processor status"),
                List.of("show @@command", "Report commands status"),
                List.of("show @@connection", "Report connection status"),
                List.of("show @@backend", "Report backend connection status"),
                List.of("show @@cache", "Report system cache usage"),
                List.of("show @@cluster", "Report cluster nodes and config versions"),
                List.of("show @@deadlock", "Report deadlocks found across data nodes"),
                List.of("show @@session", "Report front session details"),
                List.of("show @@connection.sql", "Report connection sql"),
                List.of("show @@sql", "Report SQL list"),
                List.of("show @@sql.high", "Report Hight Frequency SQL"),
                List.of("show @@sql.slow", "Report slow SQL"),
                List.of("show @@sql.large", "Report large result SQL"),
                List.of("show @@sql.resultset", "Report BIG RESULTSET SQL"),
                List.of("show @@sql.sum", "Report  User RW Stat "),
                List.of("show @@sql.sum.user", "Report  User RW Stat "),
                List.of("show @@sql.sum.table", "Report  Table RW Stat "),
                List.of("show @@parser", "Report parser status"),
                List.of("show @@router", "Report router status"),
                List.of("show @@heartbeat", "Report heartbeat status"),
                List.of("show @@heartbeat.detail where name=?", "Report heartbeat current detail"),
                List.of("show @@sysparam", "Report system param"),
                List.of("show @@syslog limit=?", "Report system log"),
                List.of("show @@white", "show server white host"),
                List.of("switch @@datasource name:index", "Switch dataSource"),
                List.of("kill @@connection id1,id2,...", "Kill the specified connections"),
                List.of("stop @@heartbeat name:time", "Pause dataNode heartbeat"),
                List.of("reload @@config", "Reload basic config from file"),
                List.of("reload @@config_all", "Reload all config from file"),
                List.of("reload @@user", "Reload user config from file"),
                List.of("reload @@sqlslow=", "Set Slow SQL Time(ms)"),
                List.of("rollback @@config", "Rollback all config from memory"),
                List.of("reload @@sqlstat=open", "Open real-time sql stat analyzer"),
                List.of("reload @@sqlstat=close", "Close real-time sql stat analyzer"),
                List.of("offline", "Change server status to OFF"),
                List.of("online", "Change server status to ON"),
                List.of("clear @@slow where schema = ?", "Clear slow sql by schema"),
                List.of("clear @@slow where datanode = ?", "Clear slow sql by datanode"));
    }

    @Test
    void everyListedStatementRuns() throws Exception {
        for (List<String> line : table("show @@help").rows()) {
            String statement = line.get(0).replace("schema = ?", "schema = TESTDB").replace("dataNode = ?",
                    "dataNode = dn1").replace("datanode = ?", "datanode = dn1").replace("id1,id2,...", "3,7")
                    .replace("name:index", "host1:1").replace("name=?", "name=hostM1").replace("name:time", "host1:60")
                    .replace("limit=?", "limit=5").replace("@@sqlslow=", "@@sqlslow=200");
            AdminReply reply = Replies.settled(Replies.reply(statement, FakeContext.sample()));
            if (statement.startsWith("show")) {
                assertThat(reply).as(statement).isInstanceOf(AdminReply.Rows.class);
            } else {
                assertThat(reply).as(statement).isInstanceOf(AdminReply.Ok.class);
            }
        }
    }
}
