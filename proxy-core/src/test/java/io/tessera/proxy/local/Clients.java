package io.tessera.proxy.local;

import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.Capability;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.UserConfig;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.Session;
import java.util.List;

/** Client connections on {@link EmbeddedChannel}s, registered as the front end registers them. */
final class Clients {

    final ClientConnections connections = new ClientConnections();

    /** A connection of {@code user} in {@code schema}, logged in. */
    ClientChannel loggedIn(long id, String user, String schema) {
        Session session = new Session(id, "127.0.0.1");
        session.authenticated(new UserConfig(user, "pw", List.of("TESTDB"), null, false, 0, false, false,
                PrivilegesConfig.NONE, false), Capability.PROTOCOL_41, Collations.byId(Collations.UTF8MB4_GENERAL_CI)
                .orElseThrow());
        session.schema(schema);
        ClientChannel client = new ClientChannel(session, new EmbeddedChannel(), () -> { });
        connections.opened(client);
        return client;
    }

    /** A connection that has not logged in yet. */
    ClientChannel connecting(long id) {
        ClientChannel client = new ClientChannel(new Session(id, "127.0.0.1"), new EmbeddedChannel(), () -> { });
        connections.opened(client);
        return client;
    }
}
