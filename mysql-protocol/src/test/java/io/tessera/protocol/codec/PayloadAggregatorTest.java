package io.tessera.protocol.codec;

import static io.tessera.protocol.codec.PacketDecoder.MAX_PAYLOAD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.codec.PayloadAggregator.PayloadTooLargeException;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PayloadAggregatorTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEverything() {
        alloc.assertAllReleased();
    }

    @Test
    void returnsSingleFramePayloadAsIs() {
        PayloadAggregator aggregator = new PayloadAggregator(MAX_PAYLOAD);

        ByteBuf payload = aggregator.offer(Frames.packet(alloc, 0, "03 73 65 6c 65 63 74 20 31"), alloc);
        try {
            assertThat(ByteBufUtil.hexDump(payload)).isEqualTo("0373656c6563742031");
            assertThat(aggregator.firstSequenceId()).isZero();
        } finally {
            payload.release();
        }
    }

    @Test
    void joinsPayloadOfExactlyMaxWithItsEmptyTerminatingFrame() {
        byte[] expected = Frames.pattern(MAX_PAYLOAD);
        PayloadAggregator aggregator = new PayloadAggregator(Integer.MAX_VALUE);

        assertThat(aggregator.offer(Frames.slice(alloc, 3, expected, 0, MAX_PAYLOAD), alloc)).isNull();
        ByteBuf payload = aggregator.offer(Frames.packet(alloc, 4, new byte[0]), alloc);
        try {
            assertThat(payload.readableBytes()).isEqualTo(MAX_PAYLOAD);
            assertThat(Arrays.equals(ByteBufUtil.getBytes(payload), expected)).as("payload bytes intact").isTrue();
            assertThat(aggregator.firstSequenceId()).isEqualTo(3);
        } finally {
            payload.release();
        }
    }

    @Test
    void joinsPayloadSpanningThreeFrames() {
        int length = MAX_PAYLOAD * 2 + 5;
        byte[] expected = Frames.pattern(length);
        PayloadAggregator aggregator = new PayloadAggregator(Integer.MAX_VALUE);

        assertThat(aggregator.offer(Frames.slice(alloc, 0, expected, 0, MAX_PAYLOAD), alloc)).isNull();
        assertThat(aggregator.offer(Frames.slice(alloc, 1, expected, MAX_PAYLOAD, MAX_PAYLOAD), alloc)).isNull();
        ByteBuf payload = aggregator.offer(Frames.slice(alloc, 2, expected, MAX_PAYLOAD * 2, 5), alloc);
        try {
            assertThat(payload.readableBytes()).isEqualTo(length);
            assertThat(Arrays.equals(ByteBufUtil.getBytes(payload), expected)).as("payload bytes in order").isTrue();
            assertThat(aggregator.firstSequenceId()).isZero();
        } finally {
            payload.release();
        }
    }

    @Test
    void startsAfreshAfterAJoinedPayload() {
        PayloadAggregator aggregator = new PayloadAggregator(Integer.MAX_VALUE);
        assertThat(aggregator.offer(Frames.large(alloc, 0, MAX_PAYLOAD, 0x03), alloc)).isNull();
        aggregator.offer(Frames.packet(alloc, 1, new byte[0]), alloc).release();

        ByteBuf next = aggregator.offer(Frames.packet(alloc, 0, "0e"), alloc);
        try {
            assertThat(ByteBufUtil.hexDump(next)).isEqualTo("0e");
        } finally {
            next.release();
        }
    }

    @Test
    void rejectsJoinedPayloadOverLimitAndReleasesPendingFrames() {
        PayloadAggregator aggregator = new PayloadAggregator(MAX_PAYLOAD + 10);
        assertThat(aggregator.offer(Frames.large(alloc, 0, MAX_PAYLOAD, 0x03), alloc)).isNull();

        assertThatThrownBy(() -> aggregator.offer(Frames.large(alloc, 1, MAX_PAYLOAD, 0x00), alloc))
                .isInstanceOf(PayloadTooLargeException.class)
                .hasMessage("payload: 33554430 bytes (expected: <= 16777225)");
        alloc.assertAllReleased();
    }

    @Test
    void rejectsSingleFrameOverLimitAndReleasesIt() {
        PayloadAggregator aggregator = new PayloadAggregator(3);

        assertThatThrownBy(() -> aggregator.offer(Frames.packet(alloc, 0, "03 31 32 33"), alloc))
                .isInstanceOf(PayloadTooLargeException.class)
                .hasMessage("payload: 4 bytes (expected: <= 3)");
    }

    @Test
    void discardReleasesPartlyReceivedPayload() {
        PayloadAggregator aggregator = new PayloadAggregator(Integer.MAX_VALUE);
        assertThat(aggregator.offer(Frames.large(alloc, 0, MAX_PAYLOAD, 0x03), alloc)).isNull();

        aggregator.discard();
        aggregator.discard(); // idempotent: the connection may close twice
    }

    @Test
    void rejectsLimitBelowOne() {
        assertThatThrownBy(() -> new PayloadAggregator(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxPayload: 0 (expected: >= 1)");
    }
}
