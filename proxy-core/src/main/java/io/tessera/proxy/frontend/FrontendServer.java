package io.tessera.proxy.frontend;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.tessera.protocol.auth.LoginVerifier;
import io.tessera.protocol.auth.Scramble;
import io.tessera.protocol.auth.ServerLogin;
import io.tessera.protocol.auth.TransportSecurity;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.proxy.access.UserConnections;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.UserConfig;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.QueryMeter;
import io.tessera.proxy.topology.TopologyHolder;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.SyntaxErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/** The 8066 listener: binds {@code serverPort} on {@code bindIp} and gives each connection its pipeline. */
public final class FrontendServer implements AutoCloseable {

    /** Pause backend reads when this much is queued for a client; resume below the low mark. */
    private static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(256 * 1024, 1024 * 1024);

    private final Channel serverChannel;
    private final ClientConnections connections;

    private FrontendServer(Channel serverChannel, ClientConnections connections) {
        this.serverChannel = serverChannel;
        this.connections = connections;
    }

    /**
     * Listens on {@code bindIp:serverPort} and returns once the port is bound.
     *
     * @param tls what the port offers of TLS ({@link ClientTls})
     * @param queryMeter told of each client statement's end; {@code null} while the metrics endpoint is off
     * @throws UncheckedIOException when the address cannot be bound (port in use, unknown address)
     */
    public static FrontendServer bind(SystemConfig system, TransportSecurity tls, TopologyHolder topologies,
            ClientConnections connections, String serverVersion, QueryMeter queryMeter, EventLoopGroup group,
            Class<? extends ServerChannel> channelType) {
        PreparedStatements prepared = new PreparedStatements(new SqlParser(SyntaxErrors.forServer(serverVersion)),
                system.maxPreparedStmtCount());
        CommandDispatcher dispatcher = new CommandDispatcher(prepared, connections);
        UserConnections userConnections = new UserConnections();
        Scramble scramble = new Scramble(new SecureRandom());
        FrontendContext context = new FrontendContext(system.maxPacketSize(), system.idleTimeout().toMillis(),
                system.mergeMemoryLimit(), dispatcher, topologies, connections, userConnections, queryMeter,
                system.frontAuthPlugin(), scramble);
        // a login checks the users of the topology current when it arrives, then the user's connection limit; the
        // login's OK and its LoggedIn event follow in the same task, so FrontendHandler counts the connection out
        LoginVerifier<UserConfig> users = (user, host, plugin, nonce, response, database) -> {
            UserConfig account = topologies.current().authenticator().verify(user, host, plugin, nonce, response,
                    database);
            userConnections.admit(account);
            return account;
        };
        ConnectionLimit limit = new ConnectionLimit(system.maxConnections());
        AtomicLong connectionIds = new AtomicLong();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, system.serverBacklog())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, system.frontSocketNoDelay())
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (!limit.admit(ch)) {
                            return; // answered ERR 1040 and closing
                        }
                        long id = connectionIds.incrementAndGet();
                        ch.pipeline().addLast(new PacketDecoder(),
                                new ServerLogin<>(serverVersion, id, system.frontAuthPlugin(),
                                        system.authTimeout().toMillis(), scramble, users,
                                        ServerLogin.WITH_MULTI_STATEMENTS).withTls(tls),
                                new FrontendHandler(context, id));
                    }
                });
        ChannelFuture bound = bootstrap.bind(new InetSocketAddress(system.bindIp(), system.serverPort()))
                .awaitUninterruptibly();
        if (!bound.isSuccess()) {
            // sync() would rethrow Netty's checked bind error unchecked, past the callers' clean-up
            Throwable cause = bound.cause();
            String message = "serverPort " + system.serverPort() + ": cannot listen on " + system.bindIp() + ":"
                    + system.serverPort() + ": " + cause.getMessage();
            throw new UncheckedIOException(message,
                    cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause));
        }
        // behind Netty's acceptor, which the bind waited for: it pauses accepting, this one says why
        bound.channel().pipeline().addLast(new AcceptFailures(system.maxConnections()));
        return new FrontendServer(bound.channel(), connections);
    }

    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    public ClientConnections connections() {
        return connections;
    }

    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
        connections.closeAll();
    }
}
