package io.tessera.proxy.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.router.parse.StatementType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the metrics' meter hears of each statement: once, with its type and outcome. */
class ClientChannelMeteringTest {

    private final List<String> recorded = new ArrayList<>();
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Session session = new Session(3, "127.0.0.1");
    private final ClientChannel client = new ClientChannel(session, channel, () -> { }, new CommandCounters(),
            new RoutingCounters(),
            (type, ok, nanos) -> recorded.add(type + (ok ? " ok" : " error") + (nanos >= 0 ? "" : " negative")));

    ClientChannelMeteringTest() {
        session.authenticated(null, Capability.PROTOCOL_41, Collations.byId(Collations.UTF8MB4_GENERAL_CI)
                .orElseThrow());
        client.startCommand(1);
    }

    @AfterEach
    void release() {
        channel.finishAndReleaseAll();
    }

    @Test
    void recordsAStatementThatEndsWellOnceWithItsType() {
        client.statementStarted();
        client.statementType(StatementType.INSERT);
        client.ok();
        client.ok(); // a command without a statement (COM_PING) is not one

        assertThat(recorded).containsExactly("INSERT ok");
    }

    @Test
    void recordsAFailedStatementAsAnErrorOnce() {
        client.statementStarted();
        client.statementType(StatementType.SELECT);
        client.error(ErrorCode.BAD_DB_ERROR.exception("x"));

        assertThat(recorded).containsExactly("SELECT error");
    }

    @Test
    void recordsAStatementRefusedBeforeItWasParsedAsOther() {
        client.statementStarted();
        client.error(ErrorCode.PARSE_ERROR.exception("near 'x'"));

        assertThat(recorded).containsExactly("OTHER error");
    }

    @Test
    void recordsNothingOfAStatementWhoseClientWentAway() {
        client.statementStarted();
        client.closed();
        client.statementFailed();

        assertThat(recorded).isEmpty();
    }

    @Test
    void withoutAMeterRecordsNothing() {
        ClientChannel unmetered = new ClientChannel(session, channel, () -> { });
        unmetered.statementStarted();
        unmetered.statementType(StatementType.SELECT);
        unmetered.ok();

        assertThat(recorded).isEmpty();
    }
}
