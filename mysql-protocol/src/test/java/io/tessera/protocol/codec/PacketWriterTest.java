package io.tessera.protocol.codec;

import static io.tessera.protocol.codec.PacketDecoder.MAX_PAYLOAD;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.TrackingAllocator;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PacketWriterTest {

    private final TrackingAllocator alloc = new TrackingAllocator();
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final PacketWriter writer;
    /** Payload bytes of every frame read by {@link #frames()}, in order. */
    private final ByteArrayOutputStream payloads = new ByteArrayOutputStream();

    PacketWriterTest() {
        channel.config().setAllocator(alloc);
        writer = new PacketWriter(channel);
    }

    @AfterEach
    void leavesNothingUnwrittenAndNothingReferenced() {
        assertThat(channel.finish()).isFalse();
        alloc.assertAllReleased();
    }

    @Test
    void numbersFramesFromTheCommandSequence() {
        writer.sequenceId(1);
        writer.write(writer.newPayload(1).int1(0x01));
        writer.write(writer.newPayload(2).int2(0x0302));
        writer.writeAndFlush(writer.newPayload(0));

        assertThat(frames()).containsExactly("1:1", "2:2", "3:0");
        assertThat(writer.sequenceId()).isEqualTo(4);
        assertThat(payloads.toByteArray()).containsExactly(0x01, 0x02, 0x03);
    }

    @Test
    void wrapsSequenceAfter255() {
        writer.sequenceId(255);
        writer.write(writer.newPayload(1).int1(0));
        writer.write(writer.newPayload(1).int1(0));
        writer.flush();

        assertThat(frames()).containsExactly("255:1", "0:1");
    }

    @Test
    void keepsOnlyTheLowByteOfASequenceId() {
        writer.sequenceId(257);

        assertThat(writer.sequenceId()).isEqualTo(1);
    }

    @Test
    void holdsFramesUntilFlushed() {
        writer.write(writer.newPayload(1).int1(0x0e));

        assertThat(channel.<Object>readOutbound()).isNull();
        writer.flush();
        assertThat(frames()).containsExactly("0:1");
    }

    @Test
    void writesPayloadJustBelowMaxAsOneFrame() {
        writer.writeAndFlush(writer.newPayload(MAX_PAYLOAD - 1).zeros(MAX_PAYLOAD - 1));

        assertThat(frames()).containsExactly("0:16777214");
        assertThat(writer.sequenceId()).isEqualTo(1);
    }

    @Test
    void splitsPayloadOfExactlyMaxIntoFullFrameAndEmptyFrame() {
        byte[] payload = Frames.pattern(MAX_PAYLOAD);
        writer.sequenceId(1);

        writer.writeAndFlush(writer.newPayload(payload.length).bytes(payload));

        assertThat(frames()).containsExactly("1:16777215", "2:0");
        assertThat(writer.sequenceId()).isEqualTo(3);
        assertThat(Arrays.equals(payloads.toByteArray(), payload)).as("payload intact").isTrue();
    }

    @Test
    void splitsPayloadOfTwiceMaxPlusFiveIntoThreeFrames() {
        byte[] payload = Frames.pattern(MAX_PAYLOAD * 2 + 5);

        writer.writeAndFlush(writer.newPayload(payload.length).bytes(payload));

        assertThat(frames()).containsExactly("0:16777215", "1:16777215", "2:5");
        assertThat(writer.sequenceId()).isEqualTo(3);
        assertThat(Arrays.equals(payloads.toByteArray(), payload)).as("payload intact, in order").isTrue();
    }

    @Test
    void splitsWithoutCopyingThePayload() {
        PayloadWriter payload = writer.newPayload(MAX_PAYLOAD * 2 + 5).zeros(MAX_PAYLOAD * 2 + 5);
        int mark = alloc.allocations();

        writer.writeAndFlush(payload);

        // frame headers only: a buffer the size of the payload would mean the frames were consolidated, a copy
        assertThat(alloc.allocatedSince(mark))
                .filteredOn(buf -> !(buf instanceof CompositeByteBuf))
                .extracting(ByteBuf::capacity)
                .containsOnly(PacketDecoder.HEADER_SIZE);
        assertThat(frames()).containsExactly("0:16777215", "1:16777215", "2:5");
    }

    @Test
    void writePayloadFramesAPayloadThatHasNoHeaderRoom() {
        ByteBuf payload = alloc.hex("ff ff 02 6e 6f").skipBytes(2); // only the readable bytes are the payload
        writer.sequenceId(5);

        writer.writePayload(payload);
        writer.flush();

        assertThat(frames()).containsExactly("5:3");
        assertThat(payloads.toByteArray()).containsExactly(0x02, 0x6e, 0x6f);
    }

    @Test
    void writePayloadChainsALargerPayloadBehindItsHeaderWithoutCopying() {
        byte[] bytes = Frames.pattern(3000);
        ByteBuf payload = alloc.buffer(3000).writeBytes(bytes);
        writer.writePayload(payload);
        writer.flush();

        assertThat(frames()).containsExactly("0:3000");
        assertThat(payloads.toByteArray()).containsExactly(bytes);
    }

    @Test
    void writePayloadSplitsPayloadOfMaxPlusThree() {
        byte[] bytes = Frames.pattern(MAX_PAYLOAD + 3 + 1);
        ByteBuf payload = alloc.buffer(bytes.length).writeBytes(bytes).skipBytes(1);

        writer.writePayload(payload);
        writer.flush();

        assertThat(frames()).containsExactly("0:16777215", "1:3");
        assertThat(Arrays.equals(payloads.toByteArray(), Arrays.copyOfRange(bytes, 1, bytes.length)))
                .as("payload intact from its reader index").isTrue();
    }

    @Test
    void forwardRewritesOnlyTheSequenceByte() {
        String received = "09 00 00 07 03 73 65 6c 65 63 74 20 31";
        EmbeddedChannel backend = new EmbeddedChannel(new PacketDecoder());
        backend.config().setAllocator(alloc);
        backend.writeInbound(alloc.hex(received));
        Packet packet = backend.readInbound();
        assertThat(backend.finish()).isFalse();
        writer.sequenceId(2);

        writer.forward(packet);
        writer.flush();

        ByteBuf sent = channel.readOutbound();
        try {
            assertThat(ByteBufUtil.hexDump(sent)).isEqualTo("09000002" + "0373656c6563742031");
        } finally {
            sent.release();
        }
        assertThat(writer.sequenceId()).isEqualTo(3);
    }

    /**
     * Parses every flushed buffer into frames, described as {@code seq:payload length}, and appends their payloads
     * to {@link #payloads}. Releases each buffer.
     */
    private List<String> frames() {
        List<String> out = new ArrayList<>();
        for (ByteBuf buf = channel.readOutbound(); buf != null; buf = channel.readOutbound()) {
            try {
                while (buf.isReadable()) {
                    int length = buf.readUnsignedMediumLE();
                    int seq = buf.readUnsignedByte();
                    out.add(seq + ":" + length);
                    payloads.writeBytes(ByteBufUtil.getBytes(buf, buf.readerIndex(), length));
                    buf.skipBytes(length);
                }
            } finally {
                buf.release();
            }
        }
        return out;
    }
}
