package io.tessera.proxy.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.Command;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.UserConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientConnectionsTest {

    private static final UserConfig USER = new UserConfig("test", "test", List.of("TESTDB"), null, false, 0, false,
            false, PrivilegesConfig.NONE, false);

    private final ClientConnections connections = new ClientConnections();

    private ClientChannel connect(long id, boolean login) {
        Session session = new Session(id, "127.0.0.1");
        if (login) {
            session.authenticated(USER, Capability.PROTOCOL_41, Collations.byId(Collations.UTF8MB4_GENERAL_CI)
                    .orElseThrow());
        }
        ClientChannel client = new ClientChannel(session, new EmbeddedChannel(), () -> { });
        connections.opened(client);
        return client;
    }

    @Test
    void countsConnectionsTheMostAtOnceAndThoseThatNeverLoggedIn() {
        ClientChannel a = connect(1, true);
        ClientChannel b = connect(2, false);
        connections.closed(b);
        connect(3, true);

        assertThat(connections.connections()).isEqualTo(3);
        assertThat(connections.count()).isEqualTo(2);
        assertThat(connections.mostAtOnce()).isEqualTo(2);
        assertThat(connections.abortedConnects()).isEqualTo(1);
        connections.closed(a);
        assertThat(connections.abortedConnects()).isEqualTo(1);
        assertThat(connections.mostAtOnce()).isEqualTo(2);
    }

    @Test
    void countsTheRunningOnes() {
        ClientChannel a = connect(1, true);
        connect(2, true);
        a.activity().started(Command.QUERY);

        assertThat(connections.running()).isEqualTo(1);
    }

    @Test
    void bytesAreThoseOfOpenConnectionsAndOfClosedOnes() {
        ClientChannel a = connect(1, true);
        ClientChannel b = connect(2, true);
        a.received(100);
        b.received(20);
        b.writer().writeAndFlush(b.writer().newPayload(8).int1(0));
        ((EmbeddedChannel) b.channel()).releaseOutbound();
        connections.closed(b);

        assertThat(connections.bytesReceived()).isEqualTo(120);
        assertThat(connections.bytesSent()).isEqualTo(5); // a one-byte payload and its header
    }

    @Test
    void eachEventLoopKeepsTheBytesOfItsClosedConnections() {
        ClientChannel a = connect(1, true);
        ClientChannel b = connect(2, true);
        a.received(100);
        b.received(20);
        connections.closed(a);

        assertThat(connections.closedBytesReceived(a.channel().eventLoop())).isEqualTo(100);
        assertThat(connections.closedBytesSent(a.channel().eventLoop())).isZero();
        assertThat(connections.closedBytesReceived(b.channel().eventLoop())).isZero(); // its own EmbeddedChannel loop
        connections.closed(b);
        assertThat(connections.closedBytesReceived(b.channel().eventLoop())).isEqualTo(20);
    }

    @Test
    void commandCountersCountEveryCommandInAll() {
        CommandCounters counters = new CommandCounters();
        counters.count(Command.QUERY);
        counters.count(Command.STMT_SEND_LONG_DATA);
        counters.count(Command.PING);

        assertThat(counters.all()).isEqualTo(3);
        assertThat(counters.query() + counters.ping() + counters.other()).isEqualTo(2);
    }
}
