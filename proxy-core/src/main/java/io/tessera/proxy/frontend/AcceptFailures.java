package io.tessera.proxy.frontend;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The last handler of the client port's listening channel: a connection that cannot be accepted, mostly for want of
 * file descriptors ("Too many open files"), is reported here, once a minute with a count, saying what to do. Netty's
 * acceptor, before this handler, has already stopped accepting for a second; clients wait in the listen backlog
 * meanwhile. Without it, Netty would warn every second that the failure "reached the tail of the pipeline".
 *
 * <p>Not sharable: one per listening channel, whose event loop runs it.
 */
final class AcceptFailures extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LogManager.getLogger(AcceptFailures.class);
    private static final long WARN_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final int maxConnections;
    private long failures;
    private long lastWarning = System.nanoTime() - WARN_EVERY_NANOS;

    AcceptFailures(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failures++;
        long now = System.nanoTime();
        if (now - lastWarning >= WARN_EVERY_NANOS) {
            lastWarning = now;
            LOG.warn("client port: cannot accept connections ({} failures since the start): {}; retrying every second."
                    + " Each client and backend connection takes a file descriptor: give Tessera a limit above"
                    + " maxConnections ({}) plus the data hosts' maxCon (ulimit -n, LimitNOFILE)", failures,
                    cause.getMessage(), maxConnections);
        }
    }
}
