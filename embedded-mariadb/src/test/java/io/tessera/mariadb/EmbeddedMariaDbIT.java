package io.tessera.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A real server: started with options of its own, killed as by {@code kill -9}, and started again on its port. */
class EmbeddedMariaDbIT {

    @Test
    void aKilledServerIsGoneAndItsPortTakesANewOne() throws Exception {
        EmbeddedMariaDb first = EmbeddedMariaDb.start(0, List.of("--server-id=7"));
        int port = first.port();
        try {
            first.execute(null, "SELECT 1;");
            first.kill();
            assertThat(accepts(port)).isFalse();
        } finally {
            first.close();
        }
        try (EmbeddedMariaDb again = EmbeddedMariaDb.start(port)) {
            again.execute(null, "SELECT 1;");
            assertThat(accepts(port)).isTrue();
        }
    }

    @Test
    void aKilledServerRestartsOnItsCommittedData() throws Exception {
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start()) {
            db.createDatabase("d");
            db.execute("d", "CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB; INSERT INTO t VALUES (1), (2);");
            db.kill();
            db.restart();
            assertThat(db.execute("d", "SELECT GROUP_CONCAT(id ORDER BY id) AS ids FROM t;")).isEqualTo("ids\n1,2");
        }
    }

    @Test
    void killingAServerThatIsNotRunningFails() throws Exception {
        EmbeddedMariaDb db = EmbeddedMariaDb.start();
        db.kill();
        assertThatThrownBy(db::kill).isInstanceOf(IOException.class).hasMessageContaining("port " + db.port());
        db.close();
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(EmbeddedMariaDb.HOST, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
