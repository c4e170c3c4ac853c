package io.tessera.proxy.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.UserConfig;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.wall.SqlFirewall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckBlacklistTest {

    private static final SqlFirewall FIREWALL = new SqlFirewall(Map.of("deleteWhereNoneCheck", "true"));

    private final Session session = new Session(7, "127.0.0.1");
    private final ClientChannel client = new ClientChannel(session, new EmbeddedChannel(), () -> { });

    CheckBlacklistTest() {
        session.authenticated(new UserConfig("app", "", List.of("TESTDB"), null, false, 0, false, false,
                PrivilegesConfig.NONE, false), Capability.PROTOCOL_41,
                Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow());
    }

    private Step.Flow apply(SqlFirewall firewall, String sql) {
        QueryRun run = new QueryRun(null, client, Unpooled.EMPTY_BUFFER, null);
        run.sql = sql;
        return new CheckBlacklist(firewall, new SqlParser()).apply(run);
    }

    @Test
    void letsAStatementTheBlacklistAllowsGoOn() {
        assertThat(apply(FIREWALL, "DELETE FROM t WHERE id = 1")).isEqualTo(Step.Flow.NEXT);
    }

    @Test
    void refusesABrokenRuleWithMycatsErrorNamingUserAndRule() {
        TesseraException e = catchThrowableOfType(TesseraException.class, () -> apply(FIREWALL, "DELETE FROM t"));

        assertThat(e.errorCode()).isEqualTo(3012);
        assertThat(e.sqlState()).isEqualTo("HY000");
        assertThat(e).hasMessage("The statement is unsafe SQL, reject for user 'app': delete none condition not allow"
                + " (Druid wall 2104)");
    }

    @Test
    void refusesWhatTheWallCannotReadAsASyntaxError() {
        TesseraException e = catchThrowableOfType(TesseraException.class, () -> apply(FIREWALL, "DELETE FROM"));

        assertThat(e.errorCode()).isEqualTo(1064);
        assertThat(e.sqlState()).isEqualTo("42000");
        assertThat(e).hasMessage("You have an error in your SQL syntax; check the manual that corresponds to your MySQL"
                + " server version for the right syntax to use near '' at line 1 (the SQL blacklist cannot read it:"
                + " Druid wall 1001, strictSyntaxCheck)");
    }

    @Test
    void withoutABlacklistEveryStatementGoesOn() {
        assertThat(apply(null, "DELETE FROM t")).isEqualTo(Step.Flow.NEXT);
    }
}
