package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.error.TesseraException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AdminCommandsTest {

    @Test
    void normalizeDropsLeadingCommentsSpacesAndTrailingSemicolons() {
        assertThat(AdminCommands.normalize("  show @@help ;; ")).isEqualTo("show @@help");
        assertThat(AdminCommands.normalize("/* a */ /* b */\nshow @@help;")).isEqualTo("show @@help");
        assertThat(AdminCommands.normalize("/*!40101 set x=1 */")).isEqualTo("/*!40101 set x=1 */");
    }

    @Test
    void matchingIgnoresCaseAndExtraSpaces() {
        for (String sql : List.of("show @@version", "SHOW @@VERSION", "  Show\t @@Version  ;", "show\n@@version;")) {
            assertThat(Replies.reply(sql, FakeContext.sample())).as(sql).isInstanceOf(AdminReply.Rows.class);
        }
    }

    @Test
    void unknownStatementIsError1064NamingIt() {
        assertThatThrownBy(() -> Replies.reply("show @@nonsense;", FakeContext.sample()))
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1064);
                    assertThat(e.sqlState()).isEqualTo("42000");
                })
                .hasMessageStartingWith("unknown admin command: show @@nonsense");
        assertThatThrownBy(() -> Replies.reply("show @@versions", FakeContext.sample()))
                .hasMessageStartingWith("unknown admin command: show @@versions");
    }

    @Test
    void aLongUnknownStatementIsQuotedShort() {
        String sql = "x".repeat(500);
        assertThatThrownBy(() -> Replies.reply(sql, FakeContext.sample()))
                .hasMessageStartingWith("unknown admin command: " + "x".repeat(200) + "...");
    }

    @Test
    void everyCommandInTheRegistryIsReachableByItsOwnStatement() {
        List<String> statements = List.of("show @@time.current", "show @@time.startup", "show @@version",
                "show @@server", "show @@threadpool", "show @@datanode", "show @@datasource", "show @@processor",
                "show @@command", "show @@backend", "show @@connection", "show @@connection.sql", "show @@sql",
                "show @@sql.slow", "show @@sql.sum", "show @@sql.high", "show @@sql.large", "show @@sql.resultset",
                "show @@parser", "show @@router", "show @@cache", "show @@cluster", "show @@deadlock",
                "show @@sql.sum.user", "show @@sql.sum.table", "reload @@sqlslow=10", "reload @@sqlstat=open",
                "show @@heartbeat", "show @@database", "show @@sysparam", "show @@white", "show @@session",
                "switch @@datasource host1", "kill @@connection 1", "stop @@heartbeat host1:1",
                "show @@heartbeat.detail where name=hostM1", "show @@datasource.synstatus",
                "show @@datasource.syndetail where name=hostS1", "show @@syslog limit=3", "reload @@config",
                "reload @@config_all", "reload @@user", "rollback @@config", "offline", "online",
                "clear @@slow where schema = TESTDB", "clear @@slow where datanode = dn1", "show @@help",
                "select @@version_comment limit 1", "set names utf8");
        Set<Class<?>> reached = new HashSet<>();
        Set<AdminCommand> instances = new HashSet<>();
        for (String sql : statements) {
            AdminCommand first = Replies.COMMANDS.commands().stream()
                    .filter(c -> c.syntax().matcher(AdminCommands.normalize(sql)).matches()).findFirst().orElseThrow();
            reached.add(first.getClass());
            instances.add(first);
        }
        assertThat(instances).containsExactlyInAnyOrderElementsOf(Replies.COMMANDS.commands());
        // ShowTime, ShowSqlSumUser, ChangeStatus, ReloadConfig and ClearSlow serve several statements each
        assertThat(reached).hasSize(43);
    }

    @Test
    void aUserWhoIsNoManagerMayLookButNotChange() {
        assertThat(Replies.COMMANDS.execute("show @@version", FakeContext.sample(), Replies.VIEWER))
                .isInstanceOf(AdminReply.Rows.class);
        for (String control : List.of("kill @@connection 3", "stop @@heartbeat host1:60", "offline", "online",
                "switch @@datasource host1:1", "reload @@config", "reload @@config_all", "reload @@user",
                "rollback @@config", "clear @@slow where datanode = dn1")) {
            assertThatThrownBy(() -> Replies.COMMANDS.execute(control, FakeContext.sample(), Replies.VIEWER))
                    .as(control).isInstanceOfSatisfying(TesseraException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(1227);
                        assertThat(e.sqlState()).isEqualTo("42000");
                        assertThat(e).hasMessage("Access denied; you need (at least one of) the manager privilege(s)"
                                + " for this operation");
                    });
        }
    }

    @Test
    void anUnknownStatementPointsAtShowHelp() {
        assertThatThrownBy(() -> Replies.reply("show @@nonsense", FakeContext.sample()))
                .hasMessage("unknown admin command: show @@nonsense; show @@help lists the commands");
    }
}
