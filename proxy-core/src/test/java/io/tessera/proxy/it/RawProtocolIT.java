package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The commands and inputs drivers rarely send, over a raw socket: each gets the answer MySQL gives, and bad
 * input gets an ERR (or, where MySQL closes, a closed connection) without hurting anyone else.
 */
@Tag("integration")
class RawProtocolIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/short-auth-timeout");

    @Test
    void utilityCommandsAnswerLikeMySql() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            assertThat(c.login("test", "test", "TESTDB").isOk()).isTrue();
            c.command((byte) 0x0E); // COM_PING
            assertThat(c.read().isOk()).isTrue();
            c.command((byte) 0x09); // COM_STATISTICS: a bare string
            assertThat(c.read().text()).startsWith("Uptime: ").contains("Threads: ", "Questions: ");
            c.command((byte) 0x1B, (byte) 0x00, (byte) 0x00); // COM_SET_OPTION: answered with EOF
            assertThat(c.read().first()).isEqualTo(0xFE);
            c.command((byte) 0x1F); // COM_RESET_CONNECTION
            assertThat(c.read().isOk()).isTrue();
            c.command(concat((byte) 0x02, "TESTDB")); // COM_INIT_DB
            assertThat(c.read().isOk()).isTrue();
            c.command(concat((byte) 0x02, "NOPE"));
            RawClient.Reply unknown = c.read();
            assertThat(unknown.isErr()).isTrue();
            assertThat(unknown.errorCode()).isEqualTo(1049);
        }
    }

    @Test
    void fieldListComesFromTheTablesDataNode() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.login("test", "test", "TESTDB");
            c.query("CREATE TABLE fields (id INT, name VARCHAR(10))");
            assertThat(c.read().isOk()).isTrue();
            c.command(concat((byte) 0x04, "fields\0"));
            int definitions = 0;
            RawClient.Reply r;
            while ((r = c.read()).first() != 0xFE) {
                definitions++;
            }
            assertThat(definitions).isEqualTo(2);
            c.query("DROP TABLE fields");
            assertThat(c.read().isOk()).isTrue();
        }
    }

    @Test
    void unsupportedCommandIs1047AndTheConnectionLivesOn() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.login("test", "test", "TESTDB");
            c.command((byte) 0x0D); // COM_DEBUG
            RawClient.Reply err = c.read();
            assertThat(err.errorCode()).isEqualTo(1047);
            assertThat(err.text()).contains("08S01", "Unknown command");
            c.command((byte) 0x99, (byte) 0x01);
            assertThat(c.read().errorCode()).isEqualTo(1047);
            c.query("SELECT 1");
            assertThat(c.readResultSetRows()).isEqualTo(1);
        }
    }

    @Test
    void malformedCommandsGetErrors() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.login("test", "test", "TESTDB");
            c.command(new byte[] {0x04}); // COM_FIELD_LIST without a table name
            RawClient.Reply r = c.read();
            assertThat(r.isErr()).isTrue();
            c.command(new byte[] {0x03}); // COM_QUERY with no text
            assertThat(c.read().errorCode()).isEqualTo(1065);
            c.query("SELECT 2");
            assertThat(c.readResultSetRows()).isEqualTo(1);
        }
    }

    @Test
    void garbageInsteadOfALoginIsRefused() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.read(); // greeting
            c.writeRaw((byte) 3, (byte) 0, (byte) 0, (byte) 1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF);
            RawClient.Reply r = c.read();
            assertThat(r.errorCode()).isEqualTo(1043);
            assertThat(c.isClosedByServer()).isTrue();
        }
        try (RawClient ok = new RawClient(tessera.port())) {
            assertThat(ok.login("test", "test", null).isOk()).isTrue();
        }
    }

    @Test
    void aLoginThatNeverFinishesIsClosedAfterAuthTimeout() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.read(); // greeting, then silence
            long start = System.nanoTime();
            assertThat(c.isClosedByServer()).isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000).isBetween(500L, 9_000L);
        }
    }

    private static byte[] concat(byte command, String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[t.length + 1];
        out[0] = command;
        System.arraycopy(t, 0, out, 1, t.length);
        return out;
    }
}
