package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.TrackingAllocator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Fuzzes {@link ResponseTracker} with any frame sequence a broken or hostile data host might send (issue 18): each
 * frame is classified or rejected with {@link MalformedPacketException}, never another exception.
 */
class ResponseTrackerFuzzTest {

    /** Frames whose first bytes are the ones the tracker branches on: OK, EOF, ERR, LOCAL INFILE, lenenc prefixes. */
    @Provide
    Arbitrary<List<byte[]>> responses() {
        Arbitrary<Byte> first = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of((byte) 0x00, (byte) 0xFE, (byte) 0xFF, (byte) 0xFB,
                        (byte) 0xFC, (byte) 0xFD, (byte) 0x01, (byte) 0x02)),
                Tuple.of(1, Arbitraries.bytes()));
        Arbitrary<byte[]> frame = Arbitraries.bytes().array(byte[].class).ofMaxSize(14).flatMap(rest -> first
                .map(b -> {
                    if (rest.length == 0) {
                        return rest; // an empty payload
                    }
                    rest[0] = b;
                    return rest;
                }));
        return frame.list().ofMaxSize(16);
    }

    @Property
    void classifiesEveryFrameOrCallsItMalformed(@ForAll("responses") List<byte[]> frames,
            @ForAll @IntRange(max = 3) int command, @ForAll boolean deprecateEof) {
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
