package io.tessera.proxy.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.packet.ErrPacket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The deadlock watch: a report after the period, one pending check, and 1213 with the transaction lost for a victim. */
class LockWaitTest {

    private static final long PERIOD = TimeUnit.MILLISECONDS.toNanos(200);
    private static final ErrPacket INTERRUPTED = new ErrPacket(1317, "70100", "Query execution was interrupted");

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Session session = new Session(3, "127.0.0.1");
    private final ClientChannel client = new ClientChannel(session, channel, () -> { });
    private final List<Long> reported = new ArrayList<>();
    private final LockWait.Detector detector = waiting -> reported.add(waiting.lockWait().waiting());

    LockWaitTest() {
        session.authenticated(null, Capability.PROTOCOL_41, Collations.byId(Collations.UTF8MB4_GENERAL_CI)
                .orElseThrow());
        client.startCommand(1);
    }

    @AfterEach
    void nothingLeft() {
        assertThat(client.lockWait().waiting()).isZero();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aStatementStillWaitingAfterThePeriodIsReportedOnce() {
        client.lockWait().arm(PERIOD, detector);
        long statement = client.lockWait().waiting();

        advanceMillis(199);
        assertThat(reported).isEmpty();
        advanceMillis(1);
        assertThat(reported).containsExactly(statement);
        advanceMillis(1_000);
        assertThat(reported).containsExactly(statement); // the detector looks again on its own while it waits
        assertThat(client.lockWait().waitedNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1_200));

        client.commandDone();
    }

    @Test
    void aStatementEndingInTimeIsNeverReportedAndALaterOneKeepsItsOwnStart() {
        client.lockWait().arm(PERIOD, detector);
        client.commandDone();
        advanceMillis(100);
        client.lockWait().arm(PERIOD, detector); // started at 100 ms: due at 300 ms

        advanceMillis(100); // the first statement's check finds the second only 100 ms old
        assertThat(reported).isEmpty();
        advanceMillis(100);
        assertThat(reported).hasSize(1);

        client.commandDone();
    }

    @Test
    void aVictimsInterruptionIsTheDeadlockErrorAndLosesItsTransaction() {
        session.beginTransaction("BEGIN", false);
        session.transaction().joined("dn1");
        session.transaction().joined("dn2");
        client.lockWait().arm(PERIOD, detector);
        long statement = client.lockWait().waiting();

        assertThat(client.lockWait().victim(statement + 1, "dn2")).isFalse(); // a statement that has ended
        assertThat(client.lockWait().victim(statement, "dn2")).isTrue();
        assertThat(client.answer(new ErrPacket(1062, "23000", "Duplicate entry"))).isEqualTo(
                new ErrPacket(1062, "23000", "Duplicate entry"));
        client.error(new DataHostError(1317, "70100", "Query execution was interrupted"));

        assertThat(written()).isEqualTo(new ErrPacket(1213, "40001",
                "Deadlock found when trying to get lock; try restarting transaction"));
        assertThat(session.transaction().lostOn()).isEqualTo("dn2");
        assertThat(client.answer(INTERRUPTED)).isEqualTo(INTERRUPTED); // for that statement only
    }

    @Test
    void aStatementNotPickedAsVictimKeepsItsInterruption() {
        client.lockWait().arm(PERIOD, detector);

        assertThat(client.answer(INTERRUPTED)).isEqualTo(INTERRUPTED); // a client's own KILL QUERY
        client.commandDone();
        assertThat(client.lockWait().victim(1, "dn1")).isFalse();
    }

    private void advanceMillis(long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
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
