package io.tessera.proxy.admin;

import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.EventLoop;
import io.tessera.admin.ConnectionView;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.charset.Collations;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import java.net.InetSocketAddress;
import java.util.Map;

/** One 8066 client connection for {@code show @@connection}, read live from its channel and session. */
final class ClientConnectionView implements ConnectionView {

    private final ClientChannel client;
    private final Session session;
    private final Map<EventLoop, String> processorNames;
    private final int defaultIsolation;

    ClientConnectionView(ClientChannel client, Map<EventLoop, String> processorNames, int defaultIsolation) {
        this.client = client;
        this.session = client.session();
        this.processorNames = processorNames;
        this.defaultIsolation = defaultIsolation;
    }

    @Override
    public String processor() {
        return processorNames.getOrDefault(client.channel().eventLoop(), "Processor?");
    }

    @Override
    public long id() {
        return session.connectionId();
    }

    @Override
    public String host() {
        return session.remoteHost();
    }

    @Override
    public int port() {
        return client.channel().remoteAddress() instanceof InetSocketAddress a ? a.getPort() : 0;
    }

    @Override
    public int localPort() {
        return client.channel().localAddress() instanceof InetSocketAddress a ? a.getPort() : 0;
    }

    @Override
    public String user() {
        return session.user() == null ? null : session.user().name();
    }

    @Override
    public String schema() {
        return session.schema();
    }

    @Override
    public String charset() {
        return collation().charsetName();
    }

    @Override
    public int charsetIndex() {
        return collation().id();
    }

    private Collation collation() {
        String name = SqlLiterals.value(session.variables().get("collation_connection"));
        return Collations.byName(name == null ? "utf8mb4_general_ci" : name)
                .orElseGet(() -> Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow());
    }

    @Override
    public long netInBytes() {
        return client.bytesRead();
    }

    @Override
    public long netOutBytes() {
        return client.writer().bytesWritten();
    }

    @Override
    public long openedMillis() {
        return client.openedMillis();
    }

    @Override
    public int sendQueueSize() {
        ChannelOutboundBuffer pending = client.channel().unsafe().outboundBuffer();
        return pending == null ? 0 : pending.size();
    }

    @Override
    public int txIsolation() {
        String level = session.isolation();
        if (level == null) {
            return defaultIsolation;
        }
        return switch (level) {
            case "READ-UNCOMMITTED" -> READ_UNCOMMITTED;
            case "READ-COMMITTED" -> READ_COMMITTED;
            case "SERIALIZABLE" -> SERIALIZABLE;
            default -> REPEATABLE_READ;
        };
    }

    @Override
    public String lastSql() {
        return client.activity().lastStatement();
    }

    @Override
    public long lastSqlStartMillis() {
        return client.activity().lastStartMillis();
    }

    @Override
    public long lastSqlMillis() {
        return client.activity().lastMillis();
    }

    @Override
    public boolean autocommit() {
        return session.autocommit();
    }
}
