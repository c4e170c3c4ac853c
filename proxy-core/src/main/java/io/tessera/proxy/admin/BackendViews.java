package io.tessera.proxy.admin;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.EventLoop;
import io.tessera.admin.BackendConnectionView;
import io.tessera.admin.ConnectionView;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.Server;
import io.tessera.backend.mysql.NativeConnection;
import io.tessera.backend.pool.OpenConnection;
import io.tessera.backend.pool.ServerPool;
import io.tessera.backend.pool.ServerSettings;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.charset.Collations;
import io.tessera.proxy.exec.BackendSettings;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.proxy.topology.Topology;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The backend connections of {@code show @@backend}: every connection the native pools of the current topology hold.
 * A JDBC data host's connections are left out (HikariCP does not list its connections), and so are those of pools
 * that a reload replaced and that still drain. Each pool is read under its own lock, held for bookkeeping only; a
 * connection's counters are read without waiting for its event loop, so they may lag by the last moment's traffic.
 */
final class BackendViews {

    /** What every native connection logs in with, until a session changes it. */
    private static final Collation LOGIN_COLLATION = Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow();

    private BackendViews() {
    }

    static List<BackendConnectionView> of(Topology topology, Map<EventLoop, String> processorNames) {
        List<BackendConnectionView> views = new ArrayList<>();
        for (DataHost host : topology.dataHosts().values()) {
            for (Server server : host.servers()) {
                if (server.pool() instanceof ServerPool pool) {
                    for (OpenConnection open : pool.connections()) {
                        views.add(view(open, server.settings(), processorNames));
                    }
                }
            }
        }
        return views;
    }

    private static BackendConnectionView view(OpenConnection open, ServerSettings server,
            Map<EventLoop, String> processorNames) {
        NativeConnection c = open.connection();
        Channel channel = c.channel();
        int localPort = channel.localAddress() instanceof InetSocketAddress a ? a.getPort() : 0;
        ChannelOutboundBuffer pending = channel.unsafe().outboundBuffer();
        Map<String, String> applied = BackendSettings.of(c);
        Collation collation = collation(applied);
        return new BackendConnectionView(processorNames.getOrDefault(c.eventLoop(), "Processor?"), open.id(),
                c.connectionId(), server.host(), server.port(), localPort, c.bytesRead(), c.bytesWritten(),
                open.openedMillis(), !c.isUsable(), open.borrowed(), pending == null ? 0 : pending.size(),
                c.database(), collation.charsetName(), collation.id(), isolation(applied.get("tx_isolation")),
                isOn(applied.getOrDefault("autocommit", "1")), isOn(applied.getOrDefault("tx_read_only", "0")));
    }

    /** The collation a session set, or the one its character set defaults to, or the login's. */
    private static Collation collation(Map<String, String> applied) {
        String name = SqlLiterals.value(applied.get("collation_connection"));
        if (name != null) {
            return Collations.byName(name).orElse(LOGIN_COLLATION);
        }
        String charset = SqlLiterals.value(applied.get("character_set_connection"));
        return charset == null ? LOGIN_COLLATION : Collations.defaultOf(charset).orElse(LOGIN_COLLATION);
    }

    /** MyCat's code for an isolation literal such as {@code 'READ-COMMITTED'}; the server's default for none. */
    private static int isolation(String literal) {
        String value = SqlLiterals.value(literal);
        if (value == null) {
            return BackendConnectionView.SERVER_DEFAULT;
        }
        return switch (value.toUpperCase(Locale.ROOT).replace(' ', '-')) {
            case "READ-UNCOMMITTED" -> ConnectionView.READ_UNCOMMITTED;
            case "READ-COMMITTED" -> ConnectionView.READ_COMMITTED;
            case "REPEATABLE-READ" -> ConnectionView.REPEATABLE_READ;
            case "SERIALIZABLE" -> ConnectionView.SERIALIZABLE;
            default -> BackendConnectionView.SERVER_DEFAULT;
        };
    }

    /** A MySQL boolean literal: {@code 1}, {@code ON}, {@code TRUE} are on. */
    private static boolean isOn(String literal) {
        String value = SqlLiterals.value(literal);
        return value != null && !value.equals("0") && !value.equalsIgnoreCase("OFF")
                && !value.equalsIgnoreCase("FALSE");
    }
}
