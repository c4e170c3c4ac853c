package io.tessera.backend.fake;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.tessera.protocol.auth.CachingSha2Password;
import io.tessera.protocol.auth.NativePassword;
import io.tessera.protocol.auth.Scramble;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.packet.AuthMoreData;
import io.tessera.protocol.packet.AuthSwitchRequest;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.EofPacket;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import io.tessera.protocol.packet.OkPacket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A scripted MySQL server on 127.0.0.1 for unit tests: logs clients in with the chosen authentication exchange and
 * answers a few commands. Queries: {@code hang} (no answer), {@code fail} (ERR 1146), {@code rows N} (a result set of
 * N rows), {@code multi} (an OK with MORE_RESULTS, then a result set), {@code select connection_id()},
 * {@code select user()}; anything else gets an OK. Records what it receives in {@link #log()}.
 */
public final class FakeMysqlServer implements AutoCloseable {

    /** The authentication exchange the server runs. */
    public enum Auth {
        /** mysql_native_password greeting and check. */
        NATIVE,
        /** caching_sha2_password, password found in the server's cache: 0x01 0x03, OK. */
        SHA2_FAST,
        /** caching_sha2_password, full authentication: 0x01 0x04, public key request, RSA-encrypted password. */
        SHA2_FULL,
        /** caching_sha2_password greeting, then AuthSwitchRequest to mysql_native_password. */
        SWITCH_TO_NATIVE,
        /** mysql_native_password greeting, then AuthSwitchRequest to caching_sha2_password and full authentication. */
        SWITCH_TO_SHA2_FULL
    }

    private static final int CAPABILITIES = Capability.LONG_PASSWORD | Capability.FOUND_ROWS | Capability.LONG_FLAG
            | Capability.CONNECT_WITH_DB | Capability.PROTOCOL_41 | Capability.TRANSACTIONS
            | Capability.SECURE_CONNECTION | Capability.MULTI_STATEMENTS | Capability.MULTI_RESULTS
            | Capability.PS_MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA
            | Capability.DEPRECATE_EOF;

    private final Auth auth;
    private final String user;
    private final String password;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Scramble scramble = new Scramble(new SecureRandom());
    private final AtomicLong ids = new AtomicLong(100);
    private final Map<Long, Channel> connections = new ConcurrentHashMap<>();
    private final Map<Long, Integer> capabilities = new ConcurrentHashMap<>();
    private final AtomicInteger maxConcurrent = new AtomicInteger();
    private final Queue<String> log = new ConcurrentLinkedQueue<>();
    private final Set<String> databases = ConcurrentHashMap.newKeySet();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final RsaKeys rsa;
    private final Channel server;

    private FakeMysqlServer(Auth auth, String user, String password, int port) throws InterruptedException {
        this.auth = auth;
        this.user = user;
        this.password = password;
        this.rsa = auth == Auth.SHA2_FULL || auth == Auth.SWITCH_TO_SHA2_FULL ? new RsaKeys() : null;
        databases.addAll(List.of("db1", "db2"));
        this.server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new PacketDecoder(), new Session());
                    }
                })
                .bind("127.0.0.1", port).sync().channel();
    }

    public static FakeMysqlServer start(Auth auth, String user, String password) throws InterruptedException {
        return new FakeMysqlServer(auth, user, password, 0);
    }

    public static FakeMysqlServer start(Auth auth, String user, String password, int port)
            throws InterruptedException {
        return new FakeMysqlServer(auth, user, password, port);
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Closes the connection with this id, as {@code KILL} does. */
    public void kill(long connectionId) {
        Channel ch = connections.get(connectionId);
        if (ch != null) {
            ch.close().syncUninterruptibly();
        }
    }

    public int openConnections() {
        return connections.size();
    }

    public int maxConcurrentConnections() {
        return maxConcurrent.get();
    }

    /** The capability flags the client with this connection id sent. */
    public int capabilitiesOf(long connectionId) {
        return capabilities.getOrDefault(connectionId, 0);
    }

    /**
     * Answers {@code sql} with this result set from now on, e.g. a replica's {@code show slave status}; a later call
     * for the same text replaces it.
     */
    public void answer(String sql, List<String> columns, List<String[]> rows) {
        answers.put(sql, new Answer(List.copyOf(columns), List.copyOf(rows)));
    }

    /** A scripted result set. */
    private record Answer(List<String> columns, List<String[]> rows) {
    }

    /** What the server received: "LOGIN db=... user=...", "PING", "INIT_DB name", "QUERY sql". */
    public List<String> log() {
        return new ArrayList<>(log);
    }

    /** Stops the server; a second call does nothing (a test may stop it before its fixture does). */
    @Override
    public void close() {
        if (group.isShuttingDown()) {
            return;
        }
        server.close().syncUninterruptibly();
        for (Channel ch : connections.values()) {
            ch.close().syncUninterruptibly();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One client connection. */
    private final class Session extends ChannelInboundHandlerAdapter {

        private enum State { RESPONSE, SWITCHED, KEY_REQUEST, ENCRYPTED_PASSWORD, COMMAND }

        private State state = State.RESPONSE;
        private PacketWriter writer;
        private long id;
        private byte[] nonce;
        private String plugin;
        private String database;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            id = ids.incrementAndGet();
            connections.put(id, ctx.channel());
            maxConcurrent.accumulateAndGet(connections.size(), Math::max);
            writer = new PacketWriter(ctx.channel());
            nonce = scramble.next();
            plugin = auth == Auth.NATIVE || auth == Auth.SWITCH_TO_SHA2_FULL
                    ? "mysql_native_password" : "caching_sha2_password";
            PayloadWriter greeting = writer.newPayload(128);
            new HandshakeV10("8.0.36-fake", id, nonce, CAPABILITIES, Collations.UTF8MB4_GENERAL_CI,
                    ServerStatus.AUTOCOMMIT, plugin).writeTo(greeting);
            writer.sequenceId(0);
            writer.writeAndFlush(greeting);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            connections.remove(id);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Packet packet = (Packet) msg;
            try {
                writer.sequenceId(packet.sequenceId() + 1);
                PayloadReader in = new PayloadReader(packet.content());
                switch (state) {
                    case RESPONSE -> response(HandshakeResponse41.read(in));
                    case SWITCHED -> switched(in.restBytes());
                    case KEY_REQUEST -> keyRequest(in.restBytes());
                    case ENCRYPTED_PASSWORD -> encryptedPassword(in.restBytes());
                    default -> command(ctx, in);
                }
            } finally {
                packet.release();
            }
        }

        private void response(HandshakeResponse41 response) {
            capabilities.put(id, response.capabilities());
            database = response.database();
            log.add("LOGIN db=" + database + " user=" + response.user() + " plugin=" + response.authPlugin());
            if (!user.equals(response.user())) {
                deny(response.authResponse().length > 0);
                return;
            }
            switch (auth) {
                case NATIVE -> finish(NativePassword.verify(bytes(password), nonce, response.authResponse()),
                        response.authResponse().length > 0);
                case SHA2_FAST -> {
                    if (CachingSha2Password.verify(bytes(password), nonce, response.authResponse())) {
                        send(new AuthMoreData(new byte[] {CachingSha2Password.FAST_AUTH_SUCCESS}));
                        finish(true, true);
                    } else {
                        deny(true);
                    }
                }
                case SHA2_FULL -> {
                    send(new AuthMoreData(new byte[] {CachingSha2Password.PERFORM_FULL_AUTHENTICATION}));
                    state = State.KEY_REQUEST;
                }
                case SWITCH_TO_NATIVE -> switchTo("mysql_native_password");
                case SWITCH_TO_SHA2_FULL -> switchTo("caching_sha2_password");
                default -> throw new IllegalStateException();
            }
        }

        private void switchTo(String next) {
            plugin = next;
            nonce = scramble.next();
            PayloadWriter out = writer.newPayload(64);
            new AuthSwitchRequest(next, nonce).writeTo(out);
            writer.writeAndFlush(out);
            state = State.SWITCHED;
        }

        private void switched(byte[] authResponse) {
            log.add("SWITCHED " + plugin);
            if (plugin.equals("mysql_native_password")) {
                finish(NativePassword.verify(bytes(password), nonce, authResponse), authResponse.length > 0);
            } else {
                send(new AuthMoreData(new byte[] {CachingSha2Password.PERFORM_FULL_AUTHENTICATION}));
                state = State.KEY_REQUEST;
            }
        }

        private void keyRequest(byte[] request) {
            if (request.length != 1 || request[0] != CachingSha2Password.REQUEST_PUBLIC_KEY) {
                deny(true);
                return;
            }
            log.add("KEY_REQUEST");
            send(new AuthMoreData(rsa.publicKeyPem().getBytes(StandardCharsets.US_ASCII)));
            state = State.ENCRYPTED_PASSWORD;
        }

        private void encryptedPassword(byte[] encrypted) {
            byte[] expected = (password + "\0").getBytes(StandardCharsets.UTF_8);
            finish(MessageDigest.isEqual(expected, rsa.decryptPassword(encrypted, nonce)), true);
        }

        private void finish(boolean passwordOk, boolean usingPassword) {
            if (!passwordOk) {
                deny(usingPassword);
            } else if (database != null && !databases.contains(database)) {
                err(1049, "42000", "Unknown database '" + database + "'");
                writer.channel().close();
            } else {
                ok(0, ServerStatus.AUTOCOMMIT);
                state = State.COMMAND;
            }
        }

        private void deny(boolean usingPassword) {
            err(1045, "28000", "Access denied for user '" + user + "'@'localhost' (using password: "
                    + (usingPassword ? "YES" : "NO") + ")");
            writer.channel().close();
        }

        private void command(ChannelHandlerContext ctx, PayloadReader in) {
            int command = in.int1();
            switch (command) {
                case Command.QUIT -> ctx.close();
                case Command.PING -> {
                    log.add("PING");
                    ok(0, ServerStatus.AUTOCOMMIT);
                }
                case Command.INIT_DB -> {
                    String name = in.restString(StandardCharsets.UTF_8);
                    log.add("INIT_DB " + name);
                    if (databases.contains(name)) {
                        database = name;
                        ok(0, ServerStatus.AUTOCOMMIT);
                    } else {
                        err(1049, "42000", "Unknown database '" + name + "'");
                    }
                }
                case Command.QUERY -> query(in.restString(StandardCharsets.UTF_8));
                default -> err(1047, "08S01", "Unknown command");
            }
        }

        private void query(String sql) {
            log.add("QUERY " + sql);
            if (sql.equals("hang")) {
                return;
            }
            Answer answer = answers.get(sql);
            if (answer != null) {
                resultSet(answer.columns(), answer.rows(), ServerStatus.AUTOCOMMIT);
            } else if (sql.equals("fail")) {
                err(1146, "42S02", "Table '" + database + ".nope' doesn't exist");
            } else if (sql.startsWith("rows ")) {
                int n = Integer.parseInt(sql.substring(5));
                List<String[]> rows = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    rows.add(new String[] {Integer.toString(i), i % 2 == 0 ? null : "name-" + i});
                }
                resultSet(List.of("id", "name"), rows, ServerStatus.AUTOCOMMIT);
            } else if (sql.equals("multi")) {
                ok(1, ServerStatus.AUTOCOMMIT | ServerStatus.MORE_RESULTS_EXISTS);
                resultSet(List.of("x"), List.<String[]>of(new String[] {"1"}), ServerStatus.AUTOCOMMIT);
            } else if (sql.equals("select connection_id()")) {
                resultSet(List.of("connection_id()"), List.<String[]>of(new String[] {Long.toString(id)}),
                        ServerStatus.AUTOCOMMIT);
            } else if (sql.equals("select user()")) {
                resultSet(List.of("user()"), List.<String[]>of(new String[] {user + "@localhost"}),
                        ServerStatus.AUTOCOMMIT);
            } else {
                ok(1, ServerStatus.AUTOCOMMIT);
            }
        }

        private void resultSet(List<String> columns, List<String[]> rows, int status) {
            writer.write(writer.newPayload(1).lenencInt(columns.size()));
            for (String column : columns) {
                PayloadWriter def = writer.newPayload(64);
                ColumnDefinition41.of(column, ColumnType.VAR_STRING, Collations.UTF8MB4_GENERAL_CI, 255, 0)
                        .writeTo(def);
                writer.write(def);
            }
            eof(status);
            for (String[] row : rows) {
                PayloadWriter out = writer.newPayload(32);
                for (String value : row) {
                    out.lenencString(value);
                }
                writer.write(out);
            }
            eof(status);
            writer.flush();
        }

        private void eof(int status) {
            PayloadWriter out = writer.newPayload(5);
            new EofPacket(0, status).writeTo(out);
            writer.write(out);
        }

        private void ok(long affected, int status) {
            PayloadWriter out = writer.newPayload(16);
            new OkPacket(affected, 0, status, 0, "").writeTo(out);
            writer.writeAndFlush(out);
        }

        private void err(int code, String state, String message) {
            PayloadWriter out = writer.newPayload(64);
            new ErrPacket(code, state, message).writeTo(out);
            writer.writeAndFlush(out);
        }

        private void send(AuthMoreData more) {
            PayloadWriter out = writer.newPayload(more.data().length + 1);
            more.writeTo(out);
            writer.writeAndFlush(out);
        }

        private byte[] bytes(String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
    }
}
