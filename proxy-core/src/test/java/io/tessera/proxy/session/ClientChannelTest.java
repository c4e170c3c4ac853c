package io.tessera.proxy.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the client reads of errors, and what the connection tells SHOW PROCESSLIST of itself. */
class ClientChannelTest {

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Session session = new Session(3, "127.0.0.1");
    private final ClientChannel client = new ClientChannel(session, channel, () -> { });

    ClientChannelTest() {
        session.authenticated(null, Capability.PROTOCOL_41, Collations.byId(Collations.UTF8MB4_GENERAL_CI)
                .orElseThrow());
        session.schema("TESTDB");
        client.databases(new PhysicalDatabases(Map.of("dn1", "db1"), Map.of("dn1", List.of("TESTDB"))));
        client.startCommand(1);
    }

    @AfterEach
    void nothingLeft() {
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aDataHostsErrorReadsInLogicalTermsWithItsCodeAndState() {
        client.error(new CompletionException(new DataHostError(1146, "42S02", "Table 'db1.t' doesn't exist")));

        assertThat(written()).isEqualTo(new ErrPacket(1146, "42S02", "Table 'TESTDB.t' doesn't exist"));
    }

    @Test
    void tesserasOwnErrorAboutWhatTheClientWroteStaysAsItIs() {
        client.error(ErrorCode.BAD_DB_ERROR.exception("db1")); // the client typed db1 itself: USE db1

        assertThat(written()).isEqualTo(new ErrPacket(1049, "42000", "Unknown database 'db1'"));
    }

    @Test
    void rewordingKeepsADataHostsErrorOne() {
        TesseraException reworded = ClientErrors.reworded(new DataHostError(1146, "42S02", "Table 'db1.t' doesn't"
                + " exist"), message -> "data node dn1: " + message);
        TesseraException own = ClientErrors.reworded(ErrorCode.BAD_DB_ERROR.exception("db1"), message -> message);

        assertThat(reworded).isInstanceOf(DataHostError.class).hasMessage("data node dn1: Table 'db1.t' doesn't exist");
        assertThat(own).isNotInstanceOf(DataHostError.class);
    }

    @Test
    void theWatchedStatementEndsWithTheRowsOfItsResultSets() {
        client.rowsSent(99); // a statement before the watched one
        long[] ended = new long[1];
        client.watch(new StatementWatch() {
            @Override
            public void succeeded(long bytesSent, long rows) {
                ended[0] = rows;
            }

            @Override
            public void abandoned() {
            }
        });
        client.rowsSent(3);
        client.rowsSent(4); // a second result set (CALL, multi-results)
        client.commandDone();

        assertThat(ended[0]).isEqualTo(7);
    }

    @Test
    void theActivityShowsTheRunningCommandUntilItEnds() {
        client.activity().started(Command.QUERY);
        client.activity().statement("SELECT SLEEP(1)");

        assertThat(client.activity().running()).isTrue();
        assertThat(client.activity().statement()).isEqualTo("SELECT SLEEP(1)");

        client.ok();
        channel.releaseOutbound();

        assertThat(client.activity().command()).isEqualTo(Command.SLEEP);
        assertThat(client.activity().running()).isFalse();
        assertThat(client.activity().statement()).isNull();
        assertThat(client.activity().seconds()).isZero();
    }

    private ErrPacket written() {
        ByteBuf frame = channel.readOutbound();
        try {
            frame.skipBytes(4);
            return ErrPacket.read(new PayloadReader(frame));
        } finally {
            frame.release();
        }
    }
}
