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

    /**
     * ProtocolFuzzIT's shrunk example: a frame with an empty payload, which MySQL reads as COM_SLEEP, threw
     * IndexOutOfBoundsException in the front end, which closed the connection and leaked the payload buffer.
     */
    @Test
    void anEmptyCommandIs1047AndTheConnectionLivesOn() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.login("test", "test", "TESTDB");
            c.command(new byte[0]);
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
    void badBinaryProtocolCommandsGetMySqlsAnswersAndTheConnectionLivesOn() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.login("test", "test", "TESTDB");
            c.command(concat((byte) 0x16, "SELECT ? + 1")); // COM_STMT_PREPARE
            RawClient.Reply ok = c.read();
            assertThat(ok.first()).isZero();
            byte[] id = {ok.payload()[1], ok.payload()[2], ok.payload()[3], ok.payload()[4]};
            readUntilEofs(c, 2); // the parameter's definition and EOF, the column's and EOF

            c.command((byte) 0x17, id[0], id[1]); // COM_STMT_EXECUTE cut short
            assertThat(c.read().errorCode()).isEqualTo(1835);
            c.command(execute(new byte[] {(byte) 0xE7, 3, 0, 0}, false)); // an unknown statement
            assertThat(c.read().errorCode()).isEqualTo(1243);
            c.command(execute(id, false)); // no types: this statement never had any bound
            assertThat(c.read().errorCode()).isEqualTo(1835);
            byte[] badType = execute(id, true);
            badType[badType.length - 10] = 0x55; // no such type
            c.command(badType);
            assertThat(c.read().errorCode()).isEqualTo(1835);
            c.command(new byte[] {0x1C, id[0], id[1], id[2], id[3], 1, 0, 0, 0}); // COM_STMT_FETCH without a cursor
            assertThat(c.read().errorCode()).isEqualTo(1421);
            c.command(new byte[] {0x1A, 9, 9, 0, 0}); // COM_STMT_RESET of an unknown statement
            assertThat(c.read().errorCode()).isEqualTo(1243);
            c.command(new byte[] {0x18, 9, 9, 0, 0, 0, 0, 'x'}); // long data for no statement: never answered
            c.command(new byte[] {0x19, 9, 9, 0, 0}); // COM_STMT_CLOSE of no statement: never answered
            c.command(concat((byte) 0x16, "")); // an empty statement
            assertThat(c.read().errorCode()).isEqualTo(1065);
            c.command(concat((byte) 0x16, "SELEC ?"));
            assertThat(c.read().errorCode()).isEqualTo(1064);

            c.command(execute(id, true)); // 41 as BIGINT: a binary row with 42
            assertThat(c.read().payload()).containsExactly(1); // one column
            readUntilEofs(c, 1);
            RawClient.Reply row = c.read();
            assertThat(row.first()).isZero();
            assertThat(row.payload()[2]).isEqualTo((byte) 42);
            assertThat(c.read().first()).isEqualTo(0xFE);
            c.command((byte) 0x0E); // COM_PING
            assertThat(c.read().isOk()).isTrue();
        }
    }

    @Test
    void statusFlagsTellTheTruthOnEveryReply() throws Exception {
        int inTrans = 0x0001;
        int autocommit = 0x0002;
        int moreResults = 0x0008;
        try (RawClient c = new RawClient(tessera.port())) {
            assertThat(status(c.login("test", "test", "TESTDB"))).isEqualTo(autocommit);
            c.query("CREATE TABLE IF NOT EXISTS flags (id INT)");
            c.read();
            c.query("BEGIN");
            assertThat(status(c.read())).isEqualTo(autocommit | inTrans);
            c.query("INSERT INTO flags VALUES (1)"); // the data node's own OK
            assertThat(status(c.read())).isEqualTo(autocommit | inTrans);
            c.query("SELECT @@autocommit"); // answered by Tessera
            assertThat(readUntilEofs(c, 2)).isEqualTo(autocommit | inTrans);
            c.query("COMMIT");
            assertThat(status(c.read())).isEqualTo(autocommit);
            c.query("SET autocommit = 0");
            assertThat(status(c.read())).isZero();
            c.query("SELECT id FROM flags");
            assertThat(readUntilEofs(c, 2)).isEqualTo(inTrans);
            c.query("ROLLBACK");
            assertThat(status(c.read())).isZero();
            c.query("SET autocommit = 1");
            c.read();
            c.command((byte) 0x1B, (byte) 0x00, (byte) 0x00); // COM_SET_OPTION: multi-statements on
            c.read();
            c.query("SELECT 1; DROP TABLE flags");
            assertThat(readUntilEofs(c, 2) & moreResults).isEqualTo(moreResults);
            assertThat(status(c.read())).isEqualTo(autocommit);
        }
    }

    /** COM_STMT_EXECUTE of one parameter: the BIGINT 41 with its type ({@code withTypes}) or none. */
    private static byte[] execute(byte[] id, boolean withTypes) {
        byte[] head = {0x17, id[0], id[1], id[2], id[3], 0, 1, 0, 0, 0, 0, (byte) (withTypes ? 1 : 0)};
        byte[] types = withTypes ? new byte[] {0x08, 0} : new byte[0];
        byte[] value = {41, 0, 0, 0, 0, 0, 0, 0};
        byte[] all = new byte[head.length + types.length + value.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(types, 0, all, head.length, types.length);
        System.arraycopy(value, 0, all, head.length + types.length, value.length);
        return all;
    }

    /** The transaction and result flags of a status (a data node adds others, such as NO_INDEX_USED, as MySQL does). */
    private static final int CHECKED_FLAGS = 0x0001 | 0x0002 | 0x0008 | 0x2000;

    /** Reads packets through the {@code count}-th EOF; returns that EOF's checked status flags. */
    private static int readUntilEofs(RawClient c, int count) throws Exception {
        for (int eofs = 0; ; ) {
            RawClient.Reply r = c.read();
            if (r.first() == 0xFE && r.payload().length < 9 && ++eofs == count) {
                return ((r.payload()[3] & 0xFF) | (r.payload()[4] & 0xFF) << 8) & CHECKED_FLAGS;
            }
        }
    }

    /** An OK packet's checked status flags (its affected rows and insert id are one byte each here). */
    private static int status(RawClient.Reply ok) {
        assertThat(ok.isOk()).as("OK packet").isTrue();
        return ((ok.payload()[3] & 0xFF) | (ok.payload()[4] & 0xFF) << 8) & CHECKED_FLAGS;
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
