package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.proxy.exec.FakeClient.Received;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The single-node hot path, fed a data host's frames by hand. */
class PassthroughTest {

    private static final ScriptedResponse TWO_ROWS = ScriptedResponse.rows(List.of("id", "name"), 0,
            List.of("1", "one"), Arrays.asList("2", null));

    private final List<String> completions = new ArrayList<>();
    private final Passthrough.Completion recordCompletion = new Passthrough.Completion() {
        @Override
        public void completed(BackendConnection backend, int warnings) {
            completions.add("completed with " + warnings + " warnings");
        }

        @Override
        public void failed(BackendConnection backend, Throwable cause) {
            completions.add("failed: " + cause.getMessage());
        }
    };

    private static void feed(Passthrough passthrough, ScriptedResponse response) {
        response.frames(false).forEach(frame -> passthrough.onFrame(frame.packet(), frame.kind()));
        passthrough.onComplete(response.finalStatus());
    }

    @Test
    void aResultGoesToTheClientByteForByteWithTheCommandsSequenceIds() {
        FakeClient client = new FakeClient(0);
        client.client().startCommand(3); // a later statement of a multi-statement text continues the numbering
        RecordingBackend backend = new RecordingBackend(1, client.channel().eventLoop());

        feed(new Passthrough(client.client(), backend, recordCompletion), TWO_ROWS);

        List<Received> received = client.received();
        assertThat(received).extracting(Received::payload).containsExactlyElementsOf(TWO_ROWS.payloads());
        assertThat(received).extracting(Received::sequenceId).containsExactly(3, 4, 5, 6, 7, 8, 9);
        assertThat(completions).containsExactly("completed with 0 warnings");
        assertThat(client.session().foundRows()).isEqualTo(2);
        assertThat(client.session().rowCount()).isEqualTo(-1);
        assertThat(backend.pauses()).isZero();
    }

    @Test
    void aDeprecateEofClientGetsNoEofAfterTheColumnsAndAnOkWithTheEofHeaderAfterTheRows() {
        FakeClient client = new FakeClient(Capability.DEPRECATE_EOF);
        RecordingBackend backend = new RecordingBackend(1, client.channel().eventLoop());
        ScriptedResponse warned = ScriptedResponse.rows(List.of("id"), 3, List.of("1"));

        feed(new Passthrough(client.client(), backend, recordCompletion), warned);

        List<Received> received = client.received();
        List<byte[]> sent = warned.payloads();
        assertThat(received).extracting(Received::payload)
                .containsExactly(sent.get(0), sent.get(1), sent.get(3), new byte[] {
                    (byte) 0xFE, 0, 0, ServerStatus.AUTOCOMMIT, 0, 3, 0});
        assertThat(received).extracting(Received::sequenceId).containsExactly(1, 2, 3, 4);
        assertThat(completions).containsExactly("completed with 3 warnings");
    }

    @Test
    void anOkTellsTheSessionItsAffectedRowsInsertIdAndWarnings() {
        FakeClient client = new FakeClient(0);
        RecordingBackend backend = new RecordingBackend(1, client.channel().eventLoop());
        ScriptedResponse inserted = ScriptedResponse.ok(3, 42, 2);

        feed(new Passthrough(client.client(), backend, recordCompletion), inserted);

        assertThat(client.received()).extracting(Received::payload).containsExactlyElementsOf(inserted.payloads());
        assertThat(client.session().rowCount()).isEqualTo(3);
        assertThat(client.session().lastInsertId()).isEqualTo(42);
        assertThat(completions).containsExactly("completed with 2 warnings");
    }

    @Test
    void anOkOfAnInsertWhoseKeyASequenceFilledReportsTheSequencesFirstId() {
        FakeClient client = new FakeClient(0);
        client.session().moreResults(true);
        client.session().statementKeyId(1000);

        feed(new Passthrough(client.client(), new RecordingBackend(1, client.channel().eventLoop()),
                recordCompletion), ScriptedResponse.ok(3, 7, 2));

        List<Received> received = client.received();
        assertThat(received).hasSize(1);
        OkPacket ok = OkPacket.read(new PayloadReader(Unpooled.wrappedBuffer(received.get(0).payload())));
        assertThat(ok.affectedRows()).isEqualTo(3);
        assertThat(ok.lastInsertId()).isEqualTo(1000);
        assertThat(ok.warnings()).isEqualTo(2);
        assertThat(ok.statusFlags() & ServerStatus.MORE_RESULTS_EXISTS).isEqualTo(ServerStatus.MORE_RESULTS_EXISTS);
        assertThat(received.get(0).sequenceId()).isEqualTo(1);
        assertThat(client.session().lastInsertId()).isEqualTo(1000);
        assertThat(client.session().rowCount()).isEqualTo(3);
    }

    @Test
    void anOkWithoutAnInsertIdKeepsTheSessionsLastInsertId() {
        FakeClient client = new FakeClient(0);
        client.session().lastInsertId(9);

        feed(new Passthrough(client.client(), new RecordingBackend(1, client.channel().eventLoop()),
                recordCompletion), ScriptedResponse.ok(1, 0, 0));

        assertThat(client.session().lastInsertId()).isEqualTo(9);
        assertThat(client.session().rowCount()).isEqualTo(1);
    }

    @Test
    void anErrIsPassedOnAndStopsTheRestOfAMultiStatementText() {
        FakeClient client = new FakeClient(0);
        client.session().moreResults(true);
        List<String> ranNext = new ArrayList<>();
        client.client().continueWith(() -> ranNext.add("next statement"));
        ScriptedResponse duplicate = ScriptedResponse.err(1062, "23000", "Duplicate entry '1' for key 'PRIMARY'");

        feed(new Passthrough(client.client(), new RecordingBackend(1, client.channel().eventLoop()),
                recordCompletion), duplicate);
        client.client().commandDone();

        assertThat(client.received()).extracting(Received::payload).containsExactlyElementsOf(duplicate.payloads());
        assertThat(ranNext).isEmpty();
        assertThat(client.session().moreResults()).isFalse();
        assertThat(client.session().rowCount()).isEqualTo(-1);
    }

    @Test
    void aStatementThatIsNotTheLastOfItsTextSaysMoreResultsFollowInItsOkAndInItsLastEof() {
        FakeClient client = new FakeClient(0);
        client.session().moreResults(true);
        RecordingBackend backend = new RecordingBackend(1, client.channel().eventLoop());

        feed(new Passthrough(client.client(), backend, recordCompletion), ScriptedResponse.ok(1, 0, 0));
        feed(new Passthrough(client.client(), backend, recordCompletion), TWO_ROWS);

        List<Received> received = client.received();
        byte[] ok = received.get(0).payload();
        assertThat(ok[3] & ServerStatus.MORE_RESULTS_EXISTS).isEqualTo(ServerStatus.MORE_RESULTS_EXISTS);
        byte[] columnsEof = received.get(4).payload();
        assertThat(columnsEof[3] & ServerStatus.MORE_RESULTS_EXISTS).isZero();
        byte[] rowsEof = received.get(received.size() - 1).payload();
        assertThat(rowsEof[3] & ServerStatus.MORE_RESULTS_EXISTS).isEqualTo(ServerStatus.MORE_RESULTS_EXISTS);
    }

    @Test
    void aClientThatCannotTakeMorePausesTheDataHostUntilItHasDrained() {
        FakeClient client = new FakeClient(0);
        RecordingBackend backend = new RecordingBackend(1, client.channel().eventLoop());
        Passthrough passthrough = new Passthrough(client.client(), backend, recordCompletion);
        List<ScriptedResponse.Frame> frames = TWO_ROWS.frames(false);

        client.channel().unsafe().outboundBuffer().setUserDefinedWritability(1, false);
        passthrough.onFrame(frames.get(0).packet(), frames.get(0).kind());
        passthrough.onFrame(frames.get(1).packet(), frames.get(1).kind());
        assertThat(backend.pauses()).isEqualTo(1); // once, however many frames arrive while it drains
        assertThat(client.received()).hasSize(2); // what was written is flushed, not held back

        client.channel().unsafe().outboundBuffer().setUserDefinedWritability(1, true);
        client.client().writabilityChanged();
        assertThat(backend.resumes()).isEqualTo(1);

        frames.subList(2, frames.size()).forEach(frame -> passthrough.onFrame(frame.packet(), frame.kind()));
        passthrough.onComplete(TWO_ROWS.finalStatus());
        assertThat(client.received()).hasSize(5);
        assertThat(backend.pauses()).isEqualTo(1);
        assertThat(completions).containsExactly("completed with 0 warnings");
    }

    @Test
    void aClientThatHasGoneClosesTheDataHostConnectionInsteadOfReadingTheRestOfTheResult() {
        FakeClient client = new FakeClient(0);
        RecordingBackend backend = new RecordingBackend(1, client.channel().eventLoop());
        Passthrough passthrough = new Passthrough(client.client(), backend, recordCompletion);
        List<ScriptedResponse.Frame> frames = TWO_ROWS.frames(false);

        passthrough.onFrame(frames.get(0).packet(), frames.get(0).kind());
        client.channel().close();
        ScriptedResponse.Frame row = frames.get(1);
        int references = row.packet().refCnt(); // the frames are slices of one wire buffer, which counts for all
        passthrough.onFrame(row.packet(), row.kind());

        assertThat(row.packet().refCnt()).isEqualTo(references - 1);
        assertThat(backend.closed()).isEqualTo(1);
        frames.subList(2, frames.size()).forEach(frame -> frame.packet().release());
    }

    @Test
    void aBrokenDataHostConnectionReportsItsFailureAfterResumingReading() {
        FakeClient client = new FakeClient(0);
        RecordingBackend backend = new RecordingBackend(1, client.channel().eventLoop());
        Passthrough passthrough = new Passthrough(client.client(), backend, recordCompletion);
        List<ScriptedResponse.Frame> frames = TWO_ROWS.frames(false);

        client.channel().unsafe().outboundBuffer().setUserDefinedWritability(1, false);
        passthrough.onFrame(frames.get(0).packet(), frames.get(0).kind());
        client.channel().unsafe().outboundBuffer().setUserDefinedWritability(1, true);
        passthrough.onFailure(new BackendException("data host host1 (127.0.0.1:3306)", "connection reset"));

        assertThat(backend.resumes()).isEqualTo(1);
        assertThat(completions).containsExactly("failed: data host host1 (127.0.0.1:3306): connection reset");
        frames.subList(1, frames.size()).forEach(frame -> frame.packet().release());
    }
}
