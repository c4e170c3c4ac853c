package io.tessera.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Checks, before a start opens anything, that Tessera can listen on its client port ({@code serverPort}), its admin
 * port ({@code managerPort}) and, when on, its metrics port ({@code metricsPort}). A port that another process holds
 * (another Tessera, a MyCat) then stops the start at once, with a message that names it, instead of after the data
 * hosts were connected and XA recovery ran. The ports are bound together, as Tessera will bind them, and released at
 * once; port 0 (any free port, or for metricsPort no endpoint) needs no check.
 * The listeners still report their own bind failure: another process may take a port between this check and them.
 */
final class ListenPorts {

    private ListenPorts() {
    }

    /**
     * Returns when the ports can be listened on.
     *
     * @param metricsPort 0 when the metrics endpoint is off (its 0 means off, not any free port)
     * @throws UncheckedIOException naming the property, address and port that cannot be listened on
     */
    static void requireFree(String bindIp, int serverPort, int managerPort, int metricsPort) {
        try (ServerSocket client = probe("serverPort", bindIp, serverPort);
                ServerSocket admin = probe("managerPort", bindIp, managerPort);
                ServerSocket metrics = probe("metricsPort", bindIp, metricsPort)) {
            // all bound at the same time: none is taken, and no two are the same port
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    private static ServerSocket probe(String property, String bindIp, int port) throws IOException {
        if (port == 0) {
            return null;
        }
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true); // as the listeners: a port whose old connections linger in TIME_WAIT is free
        try {
            socket.bind(new InetSocketAddress(bindIp, port));
            return socket;
        } catch (IOException e) {
            socket.close();
            String reason = String.valueOf(e.getMessage());
            throw new IOException(property + " " + port + ": cannot listen on " + bindIp + ":" + port + ": " + reason
                    + (reason.contains("in use") ? " (is another Tessera or MyCat running?)" : ""), e);
        }
    }
}
