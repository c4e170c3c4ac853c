package io.tessera.backend.fake;

import io.netty.channel.EventLoop;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.tessera.backend.QueryResult;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.mysql.ConnectOptions;
import io.tessera.backend.mysql.ConnectionOwner;
import io.tessera.backend.mysql.NativeConnection;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The MariaDB that runs on 127.0.0.1:3306 (root, empty password) for integration tests, reached through Tessera's
 * own client: an admin connection to create and drop each test's database and to {@code KILL} connections.
 */
public final class LocalMariaDb implements AutoCloseable {

    public static final String HOST = "127.0.0.1";
    public static final int PORT = 3306;
    public static final String USER = "root";

    private final NativeConnection admin;

    public LocalMariaDb(EventLoop loop) throws Exception {
        this.admin = connector(List.of()).connect(loop, null, false, new Unowned()).get(10, TimeUnit.SECONDS);
    }

    /** A connector for root on the local server. */
    public static BackendConnector connector(List<String> initSql) {
        return connector(USER, "", PORT, initSql);
    }

    public static BackendConnector connector(String user, String password, int port, List<String> initSql) {
        return new BackendConnector(new ConnectOptions("local", HOST, port, user, password, initSql, 1 << 24, 5000),
                NioSocketChannel::new);
    }

    /** A fresh database name for one test class: tessera_bp_ and random hex. */
    public static String uniqueName() {
        return String.format("tessera_bp_%016x", ThreadLocalRandom.current().nextLong());
    }

    public QueryResult run(String sql) throws Exception {
        return admin.query(sql).get(30, TimeUnit.SECONDS);
    }

    public void kill(long connectionId) throws Exception {
        run("KILL " + connectionId);
    }

    @Override
    public void close() {
        admin.close();
    }

    /** For connections that are never pooled. */
    public static final class Unowned implements ConnectionOwner {

        @Override
        public void released(NativeConnection connection) {
            connection.close();
        }

        @Override
        public void closed(NativeConnection connection) {
            // nothing to update
        }

        @Override
        public void querySent() {
            // not counted
        }
    }
}
