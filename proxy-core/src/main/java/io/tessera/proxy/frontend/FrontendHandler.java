package io.tessera.proxy.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.tessera.protocol.auth.LoggedIn;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadAggregator;
import io.tessera.protocol.codec.PeerFailure;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.proxy.config.UserConfig;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.LocalFileReceiver;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.topology.Topology;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One client connection after its login ({@link io.tessera.protocol.auth.ServerLogin}, earlier in the pipeline,
 * fires {@link LoggedIn}): hands each whole command to the {@link CommandDispatcher}, one at a time. Commands a
 * client pipelines wait in a short queue; a longer queue pauses reading.
 *
 * <p>Not sharable. Everything runs on the channel's event loop.
 */
final class FrontendHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LogManager.getLogger(FrontendHandler.class);
    private static final int MAX_QUEUED_COMMANDS = 16;

    private final FrontendContext context;
    private final long connectionId;
    private final PayloadAggregator aggregator;
    private final ArrayDeque<ByteBuf> queued = new ArrayDeque<>();
    private Session session;
    private ClientChannel client;
    private ChangeUser changeUser;
    private boolean busy;
    /** When the connection last received a packet or finished a command (System.nanoTime). */
    private long idleSince;
    private ScheduledFuture<?> idleCheck;
    private boolean closed;
    private boolean failed; // a failure was reported and the connection closed
    private boolean left; // the session's statements are closed and its transaction abandoned
    /** The topology the running command entered, which it keeps to its end. */
    private Topology commandTopology;

    FrontendHandler(FrontendContext context, long connectionId) {
        this.context = context;
        this.connectionId = connectionId;
        this.aggregator = new PayloadAggregator(context.maxPacketSize());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        String host = ctx.channel().remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
        session = new Session(connectionId, host);
        client = new ClientChannel(session, ctx.channel(), this::commandDone,
                context.connections().commandCounters(ctx.channel().eventLoop()),
                context.connections().routingCounters(ctx.channel().eventLoop()), context.queryMeter());
        context.connections().opened(client);
        ctx.fireChannelActive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof LoggedIn<?> login) {
            UserConfig user = (UserConfig) login.account();
            session.authenticated(user, login.capabilities(), login.collation());
            session.schema(login.database() != null ? login.database() : user.defaultSchema()); // as MyCat does
            changeUser = new ChangeUser(context, login.greetingNonce(), () -> closed = true);
            BinaryResults binaryResults = new BinaryResults(session.deprecateEof(), context.cursorMemoryLimit());
            ctx.pipeline().addBefore(ctx.name(), "binary-results", binaryResults);
            client.commandListener(binaryResults);
            if (context.idleTimeoutMillis() > 0) {
                idleSince = System.nanoTime();
                checkIdleIn(ctx, TimeUnit.MILLISECONDS.toNanos(context.idleTimeoutMillis()));
            }
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    /**
     * idleTimeout as MySQL's wait_timeout: the connection is closed once it has waited that long for a command, with
     * no packet received and no command running. One timer per connection and a clock read per packet and command,
     * instead of an IdleStateHandler that would hang a promise and a listener on every row written.
     */
    private void checkIdleIn(ChannelHandlerContext ctx, long delayNanos) {
        idleCheck = ctx.executor().schedule(() -> {
            if (closed) {
                return;
            }
            long timeout = TimeUnit.MILLISECONDS.toNanos(context.idleTimeoutMillis());
            long idle = System.nanoTime() - idleSince;
            if (!busy && idle >= timeout) {
                LOG.debug("connection {}: idle for {} ms, closing", connectionId, context.idleTimeoutMillis());
                ctx.close();
            } else {
                checkIdleIn(ctx, busy ? timeout : timeout - idle);
            }
        }, delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet packet = (Packet) msg;
        if (closed) {
            packet.release();
            return;
        }
        idleSince = System.nanoTime();
        client.received(PacketDecoder.HEADER_SIZE + packet.payloadLength());
        int sequenceId = packet.sequenceId();
        ByteBuf payload;
        try {
            payload = aggregator.offer(packet, ctx.alloc());
        } catch (PayloadAggregator.PayloadTooLargeException e) {
            closed = true;
            client.writer().sequenceId(sequenceId + 1);
            client.writeError(ErrorCode.NET_PACKET_TOO_LARGE.exception());
            client.closeAfterFlush();
            return;
        }
        if (payload == null) {
            return; // a 16 MiB frame; the rest of the command follows
        }
        LocalFileReceiver localFile = client.localFile();
        if (localFile != null) { // a LOAD DATA LOCAL file, not a command
            if (payload.isReadable()) {
                localFile.data(payload);
            } else {
                payload.release();
                client.localFileEnded(sequenceId);
            }
            return;
        }
        if (changeUser != null && changeUser.awaitsProof()) { // answers COM_CHANGE_USER's AuthSwitchRequest
            changeUser.proof(payload, sequenceId);
            return;
        }
        if (busy) {
            queued.add(payload);
            if (queued.size() > MAX_QUEUED_COMMANDS) {
                ctx.channel().config().setAutoRead(false);
            }
            return;
        }
        run(payload);
    }

    private void run(ByteBuf payload) {
        busy = true;
        commandTopology = context.topologies().enter();
        client.startCommand(aggregator.firstSequenceId() + 1);
        client.activity().started(Command.of(payload));
        client.databases(commandTopology.dataNodes().physicalDatabases());
        context.dispatcher().dispatch(client, commandTopology, payload, changeUser);
    }

    /**
     * The current command has written its last packet. If it cost the transaction a data node's part (a deadlock,
     * a lost connection), the rest of the transaction rolls back before the next command runs, as the whole
     * transaction would be gone on one server.
     */
    private void commandDone() {
        if (commandTopology != null) {
            commandTopology.leave();
            commandTopology = null;
        }
        if (closed) {
            busy = false;
            leave(); // the client left while the command ran: now its connections are free to be reset
            return;
        }
        if (session.transaction().broken()) {
            context.topologies().current().executor().rollBackBrokenTransaction(client)
                    .whenComplete((ignored, error) -> commandDone());
            return;
        }
        busy = false;
        idleSince = System.nanoTime();
        ByteBuf next = queued.poll();
        if (next != null) {
            run(next);
        } else if (!client.channel().config().isAutoRead()) {
            client.channel().config().setAutoRead(true);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        client.writabilityChanged();
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed = true;
        if (idleCheck != null) {
            idleCheck.cancel(false);
        }
        aggregator.discard();
        ByteBuf b;
        while ((b = queued.poll()) != null) {
            b.release();
        }
        if (changeUser != null) {
            changeUser.clientLeft();
        }
        if (session != null) {
            client.closed();
            context.connections().closed(client);
            if (session.user() != null) {
                context.userConnections().left(session.user().name());
            }
            if (!busy) {
                leave(); // otherwise once the running command has ended: it still uses the session's connections
            }
        }
    }

    /** Closes the session's prepared statements and rolls back, resets and releases what it holds; once. */
    private void leave() {
        if (!left) {
            left = true;
            session.closeStatements();
            context.topologies().current().executor().abandonTransaction(session);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (failed) {
            // Rows are written without a promise each: when the client is gone, every row still queued on the
            // channel fails with the same cause. The first failure closed the connection; the rest say nothing new.
            return;
        }
        failed = true;
        if (PeerFailure.isPeers(cause)) {
            LOG.debug("connection {}: {}, closing", connectionId, cause.toString());
        } else {
            LOG.warn("connection {}: unexpected failure, closing", connectionId, cause);
        }
        ctx.close();
    }
}
