package io.tessera.backend.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.packet.ErrPacket;
import org.junit.jupiter.api.Test;

class ResponseFramesTest {

    @Test
    void numbersFramesFromOneAcrossBatches() {
        ResponseFrames frames = new ResponseFrames();
        frames.ok(1, 0, 0);
        ResponseFrames.Batch first = frames.take();
        frames.ok(2, 0, 0);
        ResponseFrames.Batch second = frames.take();
        try {
            assertThat(first.frames()).extracting(Packet::sequenceId).containsExactly(1);
            assertThat(second.frames()).extracting(Packet::sequenceId).containsExactly(2);
            assertThat(second.kinds()).containsExactly(FrameKind.OK);
            assertThat(frames.take().frames()).isEmpty();
        } finally {
            first.release();
            second.release();
        }
    }

    @Test
    void remembersTheErrorCodeOfItsErr() {
        ResponseFrames frames = new ResponseFrames();
        assertThat(frames.errorCode()).isZero();

        frames.err(new ErrPacket(1146, "42S02", "no such table"));

        assertThat(frames.errorCode()).isEqualTo(1146);
        ResponseFrames.Batch batch = frames.take();
        assertThat(batch.kinds()).containsExactly(FrameKind.ERR);
        batch.release();
    }
}
