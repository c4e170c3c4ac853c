package io.tessera.proxy.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.backend.BackendConnection;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.packet.ErrPacket;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** sqlExecuteTimeout: a deadline per statement under one pending check, KILL QUERY where the statement runs, and 3024 for the node's 1317. */
class StatementTimeoutTest {

    private static final ErrPacket INTERRUPTED = new ErrPacket(1317, "70100", "Query execution was interrupted");

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Session session = new Session(3, "127.0.0.1");
    private final ClientChannel client = new ClientChannel(session, channel, () -> { });
    private final List<String> killed = new ArrayList<>();
    private final StatementTimeout.Killer killer = (backend, node) -> {
        killed.add(node);
        return CompletableFuture.completedFuture(null);
    };

    StatementTimeoutTest() {
        session.authenticated(null, Capability.PROTOCOL_41, Collations.byId(Collations.UTF8MB4_GENERAL_CI)
                .orElseThrow());
        client.startCommand(1);
    }

    @AfterEach
    void noTimerLeft() {
        assertThat(client.timeout().armed()).isFalse();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aStatementRunningPastTheTimeoutIsKilledOnEveryNodeAndAnsweredWith3024() {
        session.running().put(backend(), "dn2");
        session.running().put(backend(), "dn1");
        client.timeout().arm(Duration.ofSeconds(2), killer);

        channel.advanceTimeBy(1999, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(killed).isEmpty();
        channel.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(killed).containsExactlyInAnyOrder("dn1", "dn2");

        assertThat(client.timeout().answer(new ErrPacket(1064, "42000", "syntax"))).isEqualTo(
                new ErrPacket(1064, "42000", "syntax"));
        client.error(new DataHostError(1317, "70100", "Query execution was interrupted"));
        assertThat(written()).isEqualTo(new ErrPacket(3024, "HY000", "Query execution was interrupted, maximum"
                + " statement execution time exceeded: sqlExecuteTimeout (2 s) exceeded on data node(s) dn1, dn2"));
        assertThat(client.timeout().answer(INTERRUPTED)).isEqualTo(INTERRUPTED); // once, for that statement only
    }

    @Test
    void aStatementEndingInTimeCancelsItsTimer() {
        session.running().put(backend(), "dn1");
        client.timeout().arm(Duration.ofSeconds(1), killer);
        assertThat(client.timeout().armed()).isTrue();

        client.commandDone();
        channel.advanceTimeBy(5, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();

        assertThat(killed).isEmpty();
        assertThat(client.timeout().answer(INTERRUPTED)).isEqualTo(INTERRUPTED); // a client's own KILL QUERY
    }

    @Test
    void aLaterStatementKeepsItsOwnDeadlineUnderTheCheckAnEarlierOneScheduled() {
        session.running().put(backend(), "dn1");
        client.timeout().arm(Duration.ofSeconds(2), killer);
        client.timeout().cancel(); // the first statement ends at once
        channel.advanceTimeBy(1, TimeUnit.SECONDS);
        client.timeout().arm(Duration.ofSeconds(2), killer); // the second must end by t = 3 s

        channel.advanceTimeBy(1, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks(); // the first statement's check: the second is only 1 s old
        assertThat(killed).isEmpty();
        channel.advanceTimeBy(999, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(killed).isEmpty();
        channel.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(killed).containsExactly("dn1");
    }

    @Test
    void aStatementNotYetOnAnyNodeIsNotKilled() {
        client.timeout().arm(Duration.ofSeconds(1), killer);

        channel.advanceTimeBy(1, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();

        assertThat(killed).isEmpty();
        assertThat(client.timeout().answer(INTERRUPTED)).isEqualTo(INTERRUPTED);
    }

    private static BackendConnection backend() {
        return (BackendConnection) Proxy.newProxyInstance(BackendConnection.class.getClassLoader(),
                new Class<?>[] {BackendConnection.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private ErrPacket written() {
        ByteBuf frame = channel.readOutbound();
        try {
            frame.skipBytes(4);
            return ErrPacket.read(new PayloadReader(frame));
        } finally {
            frame.release();
        }
    }
}
