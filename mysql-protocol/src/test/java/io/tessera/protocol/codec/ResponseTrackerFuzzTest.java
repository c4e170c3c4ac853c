package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.Fuzz;
import io.tessera.protocol.TrackingAllocator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes {@link ResponseTracker} with any frame sequence a broken or hostile data host might send (issue 18): each
 * frame is classified or rejected with {@link MalformedPacketException}, never another exception. Tries and seed:
 * {@link Fuzz}.
 */
class ResponseTrackerFuzzTest {

    /** Frames whose first bytes are the ones the tracker branches on: OK, EOF, ERR, LOCAL INFILE, lenenc prefixes. */
    private static final List<Byte> FIRST_BYTES = List.of((byte) 0x00, (byte) 0xFE, (byte) 0xFF, (byte) 0xFB,
            (byte) 0xFC, (byte) 0xFD, (byte) 0x01, (byte) 0x02);

    @Test
    void classifiesEveryFrameOrCallsItMalformed() {
        Fuzz.forAll(c -> {
            List<byte[]> frames = new ArrayList<>();
            int count = c.intIn("frames", 0, 16);
            for (int i = 0; i < count; i++) {
                byte[] frame = c.bytes("frame " + i + " (before its first byte)", 14);
                if (frame.length > 0) {
                    frame[0] = c.weighted(3, 1) == 0 ? c.oneOf("first byte", FIRST_BYTES) : c.note("first byte",
                            (byte) c.random().nextInt(256));
                }
                frames.add(frame);
            }
            track(frames, c.intIn("command", 0, 3), c.bool("deprecateEof"));
        });
    }

    private static void track(List<byte[]> frames, int command, boolean deprecateEof) {
        TrackingAllocator alloc = new TrackingAllocator();
        ResponseTracker tracker = new ResponseTracker();
        switch (command) {
            case 0 -> tracker.start(deprecateEof, false);
            case 1 -> tracker.start(deprecateEof, true);
            case 2 -> tracker.startPrepare(deprecateEof);
            default -> tracker.startFetch(deprecateEof);
        }
        int sequenceId = 1;
        for (byte[] payload : frames) {
            if (!tracker.inProgress()) {
                break; // a frame after the end is the connection's problem (the caller closes it), not the tracker's
            }
            Packet frame = Frames.packet(alloc, sequenceId++, payload);
            try {
                assertThat(tracker.next(frame)).isNotNull();
            } catch (MalformedPacketException expected) {
                break; // the backend connection is closed
            } finally {
                frame.release();
            }
        }
        alloc.assertAllReleased();
    }
}
