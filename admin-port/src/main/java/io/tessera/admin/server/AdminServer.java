package io.tessera.admin.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import io.tessera.admin.command.AdminCommands;
import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.Scramble;
import io.tessera.protocol.auth.ServerLogin;
import io.tessera.protocol.codec.PacketDecoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The admin port (MyCat's 9066): a MySQL-protocol listener whose connections run {@code show @@...} commands against
 * an {@link AdminContext} and control commands ({@code kill @@connection}, {@code offline}, ...) through
 * {@link AdminActions}. Runs on the event loop group it is given, which it does not own or shut down.
 */
public final class AdminServer implements AutoCloseable {

    private final Channel serverChannel;
    private final ChannelGroup connections;
    private final AdminLogin login;

    private AdminServer(Channel serverChannel, ChannelGroup connections, AdminLogin login) {
        this.serverChannel = serverChannel;
        this.connections = connections;
        this.login = login;
    }

    /**
     * Listens on {@code settings.bindIp():settings.port()} and returns once the port is bound.
     *
     * @param context     what the commands read
     * @param actions     what the control commands ask the server to do
     * @param channelType the server channel class matching {@code group}, e.g. {@code NioServerSocketChannel} or
     *                    {@code EpollServerSocketChannel}
     * @throws UncheckedIOException when the address cannot be bound (port in use, unknown address)
     */
    public static AdminServer bind(AdminSettings settings, AdminContext context, AdminActions actions,
            EventLoopGroup group, Class<? extends ServerChannel> channelType) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(actions, "actions");
        HandlerContext shared = new HandlerContext(settings.maxPacketSize(), context,
                AdminCommands.standard(settings.maxPacketSize(), actions), new Scramble(new SecureRandom()),
                new AtomicLong());
        AdminLogin login = new AdminLogin(settings.users());
        ChannelGroup connections = new DefaultChannelGroup("tessera-admin", GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(channelType)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        connections.add(ch);
                        long id = shared.connectionIds().incrementAndGet();
                        ch.pipeline().addLast(new PacketDecoder(),
                                new ServerLogin<>(context.version(), id, AuthPlugin.MYSQL_NATIVE_PASSWORD,
                                        settings.authTimeoutMillis(), shared.scramble(), login),
                                new AdminHandler(shared, id));
                    }
                });
        ChannelFuture bound = bootstrap.bind(new InetSocketAddress(settings.bindIp(), settings.port()))
                .awaitUninterruptibly();
        if (!bound.isSuccess()) {
            Throwable cause = bound.cause();
            String message = "admin port: cannot listen on " + settings.bindIp() + ":" + settings.port() + ": "
                    + cause.getMessage();
            throw new UncheckedIOException(message,
                    cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause));
        }
        return new AdminServer(bound.channel(), connections, login);
    }

    /**
     * Replaces the accounts that may log in (a configuration reload); connections logged in already stay.
     *
     * @throws IllegalArgumentException when {@code users} is empty or names a user twice
     */
    public void users(List<AdminUser> users) {
        login.replace(List.copyOf(users));
    }

    /** The port listened on: the configured one, or the one the system chose for port 0. */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Stops listening and closes every admin connection; waits until they are closed. */
    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
        connections.close().awaitUninterruptibly();
    }
}
