package io.tessera.proxy.frontend;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ErrPacket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * server.xml's {@code maxConnections}, MySQL's {@code max_connections} for the client port: connections count from
 * accept to close, logged in or not (as in MySQL), and one more is answered MySQL's ERR 1040 "Too many connections"
 * in place of the greeting, then closed. The admin port has its own listener and is not counted, so a DBA can always
 * get in. One per client port; any thread.
 */
final class ConnectionLimit {

    private static final Logger LOG = LogManager.getLogger(ConnectionLimit.class);
    /** A full server refuses many clients a second: say so once a minute, with the count. */
    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final int max;
    private final AtomicInteger open = new AtomicInteger();
    private final ChannelFutureListener closed = future -> open.decrementAndGet();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    /** @param max the most client connections open at once; 0: no limit */
    ConnectionLimit(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("maxConnections: " + max + " (expected: >= 0)");
        }
        this.max = max;
    }

    /**
     * Counts a just-accepted {@code channel} until it closes, or, when {@code max} are open already, refuses it: ERR
     * 1040 with sequence id 0, then close. Call before the channel has a pipeline.
     *
     * @return whether the channel was admitted
     */
    boolean admit(Channel channel) {
        if (max == 0) {
            return true;
        }
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            refuse(channel);
            return false;
        }
        channel.closeFuture().addListener(closed);
        return true;
    }

    private void refuse(Channel channel) {
        long count = refused.incrementAndGet();
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
            LOG.warn("maxConnections: {} client connections open; new ones get ERR 1040 Too many connections"
                    + " ({} refused since the start)", max, count);
        }
        PacketWriter writer = new PacketWriter(channel); // sequence id 0: in place of the greeting
        PayloadWriter payload = writer.newPayload(96);
        new ErrPacket(ErrorCode.CON_COUNT_ERROR.code(), ErrorCode.CON_COUNT_ERROR.sqlState(),
                "Too many connections: " + max + " client connections are open (maxConnections in server.xml)")
                .writeBeforeHandshakeTo(payload);
        writer.write(payload).addListener(ChannelFutureListener.CLOSE);
        writer.flush();
    }
}
