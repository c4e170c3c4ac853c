package io.tessera.backend.mysql;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.backend.BackendException;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.error.TesseraException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * Opens logged-in connections to one data host: TCP connect, the {@link Handshake}, then every
 * {@code connectionInitSql} statement in order. Each step's failure closes the channel and fails the future with
 * a {@link BackendException} naming the data host; the server's own errors (1045 access denied, 1049 unknown
 * database, ...) keep their code and message. Connect and login together must finish within
 * {@link ConnectOptions#connectTimeoutMillis()}.
 */
public final class BackendConnector {

    private final ConnectOptions options;
    private final ChannelFactory<? extends Channel> channelFactory;

    public BackendConnector(ConnectOptions options, ChannelFactory<? extends Channel> channelFactory) {
        this.options = options;
        this.channelFactory = channelFactory;
    }

    /**
     * The socket channel type for an event-loop group: NIO or epoll.
     *
     * @throws IllegalArgumentException for any other transport
     */
    public static ChannelFactory<? extends Channel> socketChannelFactory(EventLoopGroup group) {
        if (group instanceof IoEventLoopGroup io) {
            if (io.isIoType(NioIoHandler.class)) {
                return NioSocketChannel::new;
            }
            if (io.isIoType(EpollIoHandler.class)) {
                return EpollSocketChannel::new;
            }
        }
        throw new IllegalArgumentException("group: " + group.getClass().getName()
                + " (expected: an NIO or epoll event-loop group, or pass a channel factory)");
    }

    public ConnectOptions options() {
        return options;
    }

    /**
     * Opens a connection on {@code loop}; the future completes on that loop.
     *
     * @param database the database to select at login, or {@code null} for none
     * @param foundRows whether to ask for CLIENT_FOUND_ROWS
     */
    public CompletableFuture<NativeConnection> connect(EventLoop loop, String database, boolean foundRows,
            ConnectionOwner owner) {
        CompletableFuture<NativeConnection> login = new CompletableFuture<>();
        Bootstrap bootstrap = new Bootstrap()
                .group(loop)
                .channelFactory(channelFactory)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                        options.connectTimeoutMillis()))
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast("decoder", new PacketDecoder());
                        ch.pipeline().addLast("login", new Handshake(options, database, foundRows, owner, login));
                    }
                });
        ChannelFuture connected = bootstrap.connect(options.host(), options.port());
        Channel channel = connected.channel();
        connected.addListener(f -> {
            if (!f.isSuccess()) {
                login.completeExceptionally(new BackendException(options.describe(), "cannot connect: "
                        + f.cause().getMessage()));
            }
        });
        ScheduledFuture<?> timeout = loop.schedule(() -> {
            if (login.completeExceptionally(new BackendException(options.describe(), "no login within "
                    + options.connectTimeoutMillis() + " ms"))) {
                channel.close();
            }
        }, options.connectTimeoutMillis(), TimeUnit.MILLISECONDS);
        login.whenComplete((c, e) -> timeout.cancel(false));
        return login.thenCompose(connection -> initialize(connection, options.connectionInitSql(), 0));
    }

    /** Runs {@code statements[index..]} one after another; closes the connection when one fails. */
    private CompletableFuture<NativeConnection> initialize(NativeConnection connection, List<String> statements,
            int index) {
        if (index == statements.size()) {
            return CompletableFuture.completedFuture(connection);
        }
        String sql = statements.get(index);
        return connection.query(sql, false).handle((r, e) -> {
            if (e == null) {
                return initialize(connection, statements, index + 1);
            }
            connection.close();
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            String failed = "connectionInitSql '" + sql + "' failed: ";
            BackendException failure;
            if (cause instanceof TesseraException t) {
                String why = t instanceof BackendException b ? b.detail() : t.getMessage();
                failure = new BackendException(t.errorCode(), t.sqlState(), options.describe(), failed + why);
            } else {
                failure = new BackendException(options.describe(), failed + cause);
            }
            return CompletableFuture.<NativeConnection>failedFuture(failure);
        }).thenCompose(next -> next);
    }

    @Override
    public String toString() {
        return "BackendConnector[" + options + "]";
    }
}
