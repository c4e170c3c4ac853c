package io.tessera.proxy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** A port another process holds stops a start at once, with a message naming it. */
class ListenPortsTest {

    private static final String LOOPBACK = "127.0.0.1";

    @Test
    void namesTheClientPortWhenItIsTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> ListenPorts.requireFree(LOOPBACK, port, 0, 0))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageStartingWith("serverPort " + port + ": cannot listen on 127.0.0.1:" + port + ": ")
                    .hasMessageEndingWith("(is another Tessera or MyCat running?)");
        }
    }

    @Test
    void namesTheAdminPortWhenItIsTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> ListenPorts.requireFree(LOOPBACK, 0, port, 0))
                    .hasMessageStartingWith("managerPort " + port + ": cannot listen on 127.0.0.1:" + port + ": ");
        }
    }

    @Test
    void namesTheAdminPortWhenItIsTheClientPort() throws IOException {
        int port = freePort();
        assertThatThrownBy(() -> ListenPorts.requireFree(LOOPBACK, port, port, 0))
                .hasMessageStartingWith("managerPort " + port + ": cannot listen on 127.0.0.1:" + port + ": ");
    }

    @Test
    void namesTheMetricsPortWhenItIsTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> ListenPorts.requireFree(LOOPBACK, 0, 0, port))
                    .hasMessageStartingWith("metricsPort " + port + ": cannot listen on 127.0.0.1:" + port + ": ");
        }
    }

    @Test
    void acceptsFreePortsAndReleasesThem() throws IOException {
        int port = freePort();
        assertThatCode(() -> ListenPorts.requireFree(LOOPBACK, port, 0, 0)).doesNotThrowAnyException();
        assertThatCode(() -> ListenPorts.requireFree(LOOPBACK, port, 0, 0)).doesNotThrowAnyException(); // released
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return probe.getLocalPort();
        }
    }
}
