package io.tessera.backend.fake;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Forwards TCP connections from a free port on 127.0.0.1 to a target, until {@link #close()} cuts every connection
 * and stops listening: a data host that goes away, for tests.
 */
public final class TcpRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

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

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }

    private void acceptLoop() {
        try {
            while (!listener.isClosed()) {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                sockets.add(client);
                sockets.add(server);
                pump(client, server);
                pump(server, client);
            }
        } catch (IOException e) {
            // the listener was closed: the relay is done
        }
    }

    private static void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    out.write(buf, 0, n);
                }
            } catch (IOException e) {
                // one side closed: closing both below ends the other direction too
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "relay-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
