package io.tessera.backend.fake;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Forwards TCP connections from a free port on 127.0.0.1 to a target: a data host that can go away, for tests.
 * {@link #close()} cuts every connection and stops listening; {@link #cutConnections()} cuts the connections open
 * now and keeps accepting new ones (a data host that restarted); {@link #cutOnQuery} cuts the connection that sends a
 * given kind of statement, before the server sees it (a failure at an exact step of a protocol);
 * {@link #holdAnswers} keeps what the server sends until {@link #releaseAnswers} (a slow data host).
 */
public final class TcpRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicReference<byte[]> cutOn = new AtomicReference<>();
    private final Object holdLock = new Object();
    private boolean holding;

    public TcpRelay(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Cuts every connection open now; new ones are still relayed. */
    public void cutConnections() {
        sockets.forEach(TcpRelay::closeQuietly);
        sockets.clear();
    }

    /**
     * The next connection that sends a COM_QUERY starting with {@code prefix} is cut instead, once: the server never
     * gets it. The start of the statement must come in one read, as that of a short command does.
     */
    public void cutOnQuery(String prefix) {
        byte[] text = prefix.getBytes(StandardCharsets.UTF_8);
        byte[] pattern = new byte[2 + text.length]; // sequence id 0 and COM_QUERY, after the 3 length bytes
        pattern[1] = 0x03;
        System.arraycopy(text, 0, pattern, 2, text.length);
        cutOn.set(pattern);
    }

    /** From now on, what the server sends waits in the relay. */
    public void holdAnswers() {
        synchronized (holdLock) {
            holding = true;
        }
    }

    /** Lets everything held, and whatever comes next, through. */
    public void releaseAnswers() {
        synchronized (holdLock) {
            holding = false;
            holdLock.notifyAll();
        }
    }

    @Override
    public void close() throws IOException {
        releaseAnswers();
        listener.close();
        cutConnections();
    }

    private void acceptLoop() {
        try {
            while (!listener.isClosed()) {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                sockets.add(client);
                sockets.add(server);
                pump(client, server, true);
                pump(server, client, false);
            }
        } catch (IOException e) {
            // the listener was closed: the relay is done
        }
    }

    private void pump(Socket from, Socket to, boolean toServer) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    byte[] pattern = toServer ? cutOn.get() : null;
                    if (pattern != null && contains(buf, n, pattern) && cutOn.compareAndSet(pattern, null)) {
                        return; // the finally block cuts both sides
                    }
                    if (!toServer) {
                        awaitRelease();
                    }
                    out.write(buf, 0, n);
                }
            } catch (IOException e) {
                // one side closed: closing both below ends the other direction too
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "relay-pump");
        t.setDaemon(true);
        t.start();
    }

    private void awaitRelease() throws InterruptedException {
        synchronized (holdLock) {
            while (holding) {
                holdLock.wait();
            }
        }
    }

    private static boolean contains(byte[] buf, int length, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (buf[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
