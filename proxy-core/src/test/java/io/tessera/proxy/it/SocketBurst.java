package io.tessera.proxy.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Arrays;

/**
 * Many client connections opened at once and never answered, watched by one selector: when each connection got the
 * first bytes of its greeting and when the server closed it, in nanoseconds after its connect began. Non-blocking
 * sockets, so one thread times a thousand of them without reading one while another's greeting waits.
 */
final class SocketBurst implements AutoCloseable {

    private final Selector selector;
    private final long[] started;
    private final long[] greeted;
    private final long[] closed;
    /** The first payload byte of each greeting: 0x0a for a HandshakeV10, 0xff for an ERR; -1 before it came. */
    private final int[] firstPayloadByte;
    private final int[] bytesRead;
    private int open;

    private SocketBurst(int count) throws IOException {
        selector = Selector.open();
        started = new long[count];
        greeted = new long[count];
        closed = new long[count];
        firstPayloadByte = new int[count];
        bytesRead = new int[count];
        Arrays.fill(firstPayloadByte, -1);
    }

    /** Starts {@code count} connections to 127.0.0.1:{@code port} as fast as one thread can. */
    static SocketBurst open(int port, int count) throws IOException {
        SocketBurst burst = new SocketBurst(count);
        InetSocketAddress address = new InetSocketAddress("127.0.0.1", port);
        for (int i = 0; i < count; i++) {
            SocketChannel channel = SocketChannel.open();
            channel.configureBlocking(false);
            burst.started[i] = System.nanoTime();
            boolean connected = channel.connect(address);
            channel.register(burst.selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, i);
            burst.open++;
        }
        return burst;
    }

    /** Reads greetings and notes closes until the server has closed every connection or {@code timeout} passed. */
    void awaitClosedByServer(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        ByteBuffer buffer = ByteBuffer.allocate(512);
        while (open > 0 && System.nanoTime() < deadline) {
            selector.select(100);
            for (SelectionKey key : selector.selectedKeys()) {
                int i = (Integer) key.attachment();
                SocketChannel channel = (SocketChannel) key.channel();
                if (key.isConnectable()) {
                    channel.finishConnect();
                    key.interestOps(SelectionKey.OP_READ);
                } else if (key.isReadable()) {
                    read(i, channel, key, buffer);
                }
            }
            selector.selectedKeys().clear();
        }
    }

    private void read(int i, SocketChannel channel, SelectionKey key, ByteBuffer buffer) throws IOException {
        long now = System.nanoTime();
        buffer.clear();
        int n;
        try {
            n = channel.read(buffer);
        } catch (IOException e) { // reset by the server: closed as well
            n = -1;
        }
        if (n > 0) {
            if (greeted[i] == 0) {
                greeted[i] = now;
            }
            if (bytesRead[i] < 5 && bytesRead[i] + n >= 5) {
                firstPayloadByte[i] = buffer.get(4 - bytesRead[i]) & 0xFF; // after the 4-byte packet header
            }
            bytesRead[i] += n;
        } else if (n < 0) {
            closed[i] = now;
            key.cancel();
            channel.close();
            open--;
        }
    }

    int count() {
        return started.length;
    }

    /** How long connection {@code i} waited for its greeting; -1 when none came. */
    long greetingNanos(int i) {
        return greeted[i] == 0 ? -1 : greeted[i] - started[i];
    }

    /** How long after its greeting the server closed connection {@code i}; -1 when it is still open. */
    long closedAfterGreetingNanos(int i) {
        return closed[i] == 0 || greeted[i] == 0 ? -1 : closed[i] - greeted[i];
    }

    int firstPayloadByte(int i) {
        return firstPayloadByte[i];
    }

    @Override
    public void close() throws IOException {
        for (SelectionKey key : selector.keys()) {
            key.channel().close();
        }
        selector.close();
    }
}
