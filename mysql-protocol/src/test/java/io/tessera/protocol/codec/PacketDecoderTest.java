package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.TooLongFrameException;
import io.tessera.protocol.TrackingAllocator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PacketDecoderTest {

    /** COM_QUERY "select 1", sequence 0. */
    private static final String QUERY_FRAME = "09 00 00 00 03 73 65 6c 65 63 74 20 31";

    private final TrackingAllocator alloc = new TrackingAllocator();
    private EmbeddedChannel channel = channel(new PacketDecoder());

    @AfterEach
    void leavesNothingUnreadAndNothingReferenced() {
        assertThat(channel.finish()).isFalse();
        alloc.assertAllReleased();
    }

    @Test
    void decodesPacketFedOneByteAtATime() {
        byte[] frame = ByteBufUtil.decodeHexDump(QUERY_FRAME.replace(" ", ""));
        for (int i = 0; i < frame.length - 1; i++) {
            channel.writeInbound(alloc.wrap(frame[i]));
            assertThat(channel.<Object>readInbound()).as("after %d bytes", i + 1).isNull();
        }
        channel.writeInbound(alloc.wrap(frame[frame.length - 1]));

        assertThat(readAll()).containsExactly("0:03 73 65 6c 65 63 74 20 31");
    }

    @Test
    void decodesSeveralPacketsInOneBuffer() {
        channel.writeInbound(alloc.hex("01 00 00 00 0e" + "00 00 00 01" + "05 00 00 02 fe 00 00 02 00"));

        assertThat(readAll()).containsExactly("0:0e", "1:", "2:fe 00 00 02 00");
    }

    @Test
    void decodesTwoPacketsSplitAtEveryOffset() {
        byte[] bytes = ByteBufUtil.decodeHexDump((QUERY_FRAME + "01 00 00 01 0e").replace(" ", ""));
        for (int split = 0; split <= bytes.length; split++) {
            channel.writeInbound(alloc.wrap(Arrays.copyOfRange(bytes, 0, split)));
            channel.writeInbound(alloc.wrap(Arrays.copyOfRange(bytes, split, bytes.length)));

            assertThat(readAll()).as("split at %d", split).containsExactly("0:03 73 65 6c 65 63 74 20 31", "1:0e");
        }
    }

    @Test
    void keepsTheCumulationToTheUndecodedBytesWhileTheFramesOfEachReadAreHeld() {
        // As a merge does: the frames of one read are held until the next read comes, released by then. Netty's own
        // cumulator grew the cumulation by every read, decoded bytes included, to the size of the whole stream.
        int payload = 1_000;
        int frames = 2_000;
        ByteBuf stream = alloc.buffer(frames * (PacketDecoder.HEADER_SIZE + payload));
        for (int i = 0; i < frames; i++) {
            stream.writeMediumLE(payload).writeByte(i).writeZero(payload);
        }
        int read = 64 * 1024; // one socket read, which ends inside a frame
        int largest = 0;
        int decoded = 0;
        while (stream.isReadable()) {
            int length = Math.min(read, stream.readableBytes());
            channel.writeInbound(alloc.buffer(length).writeBytes(stream, length));
            for (Packet p = channel.readInbound(); p != null; p = channel.readInbound()) {
                largest = Math.max(largest, root(p.content()).capacity());
                decoded++;
                p.release();
            }
        }
        stream.release();

        assertThat(decoded).isEqualTo(frames);
        assertThat(largest).as("largest buffer a frame was cut from").isLessThan(4 * read);
    }

    @Test
    void exposesPayloadAndFrameFacts() {
        channel.writeInbound(alloc.hex("03 00 00 07 ff 48 04"));
        Packet packet = channel.readInbound();
        try {
            assertThat(packet.sequenceId()).isEqualTo(7);
            assertThat(packet.payloadLength()).isEqualTo(3);
            assertThat(packet.firstByte()).isEqualTo(0xFF);
            assertThat(packet.continues()).isFalse();
            assertThat(packet.toString()).isEqualTo("Packet[seq=7, length=3]");
        } finally {
            packet.release();
        }
    }

    @Test
    void marksFrameOfMaxPayloadAsContinuedAndEmptyFrameAsLast() {
        ByteBuf bytes = alloc.buffer(PacketDecoder.HEADER_SIZE * 2 + PacketDecoder.MAX_PAYLOAD);
        bytes.writeMediumLE(PacketDecoder.MAX_PAYLOAD).writeByte(0).writeZero(PacketDecoder.MAX_PAYLOAD);
        bytes.writeMediumLE(0).writeByte(1);
        channel.writeInbound(bytes);

        Packet first = channel.readInbound();
        Packet last = channel.readInbound();
        try {
            assertThat(first.payloadLength()).isEqualTo(PacketDecoder.MAX_PAYLOAD);
            assertThat(first.continues()).isTrue();
            assertThat(last.sequenceId()).isEqualTo(1);
            assertThat(last.payloadLength()).isZero();
            assertThat(last.continues()).isFalse();
            assertThat(last.firstByte()).isEqualTo(-1);
        } finally {
            first.release();
            last.release();
        }
    }

    @Test
    void rejectsPayloadOverLimit() {
        channel = channel(new PacketDecoder(4));

        assertThatThrownBy(() -> channel.writeInbound(alloc.hex("05 00 00 00 01 02 03 04 05")))
                .isInstanceOf(TooLongFrameException.class)
                .hasMessage("payload: 5 bytes (expected: <= 4)");
    }

    @Test
    void emitsPacketsBeforeAnOversizeHeaderThenFails() {
        channel = channel(new PacketDecoder(4));

        assertThatThrownBy(() -> channel.writeInbound(alloc.hex("01 00 00 00 0e" + "ff ff ff 01 00 00")))
                .isInstanceOf(TooLongFrameException.class)
                .hasMessage("payload: 16777215 bytes (expected: <= 4)");
        assertThat(readAll()).containsExactly("0:0e");
    }

    @Test
    void dropsPartialFrameWhenTheChannelCloses() {
        channel.writeInbound(alloc.hex("0a 00 00 00 03 73"));

        assertThat(channel.<Object>readInbound()).isNull();
    }

    @Test
    void rejectsMaxPayloadOutsideTheProtocolRange() {
        assertThatThrownBy(() -> new PacketDecoder(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxPayload: 0 (expected: 1..16777215)");
        assertThatThrownBy(() -> new PacketDecoder(PacketDecoder.MAX_PAYLOAD + 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxPayload: 16777216 (expected: 1..16777215)");
    }

    private EmbeddedChannel channel(PacketDecoder decoder) {
        EmbeddedChannel c = new EmbeddedChannel(decoder);
        c.config().setAllocator(alloc);
        return c;
    }

    /** Every decoded packet as {@code seq:payload hex}, each released once described. */
    private List<String> readAll() {
        List<String> out = new ArrayList<>();
        for (Packet p = channel.readInbound(); p != null; p = channel.readInbound()) {
            try {
                out.add(p.sequenceId() + ":" + spaced(ByteBufUtil.hexDump(p.content())));
            } finally {
                p.release();
            }
        }
        return out;
    }

    /** The buffer {@code buf} is a view of, through slices and leak-detection wrappers. */
    private static ByteBuf root(ByteBuf buf) {
        ByteBuf root = buf;
        while (root.unwrap() != null) {
            root = root.unwrap();
        }
        return root;
    }

    private static String spaced(String hex) {
        return hex.replaceAll("(..)(?!$)", "$1 ");
    }
}
