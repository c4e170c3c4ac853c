package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.tessera.protocol.Fuzz;
import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.codec.PayloadAggregator.PayloadTooLargeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the framing and the payload reader with hostile bytes (issue 18): whatever arrives, in whatever pieces,
 * the only failures are the codec's own, nothing is allocated beyond the frame limit, and every buffer is released.
 * Tries and seed: {@link Fuzz} (docs/operations.md, Fuzz tests).
 */
class CodecFuzzTest {

    /**
     * A byte stream that is mostly well-formed frames with small length fields, so that frames do complete, with
     * random garbage, huge lengths and truncation mixed in ({@link Fuzz.Case#framedStream}).
     */
    @Test
    void decoderAndAggregatorFailOnlyWithTheirOwnErrorsAndReleaseEverything() {
        Fuzz.forAll(c -> decodeAndAggregate(c.framedStream("stream", 12), c.ints("chunkSizes", 0, 8, 1, 64),
                c.intIn("maxPayload", 1, 48), c.intIn("maxJoined", 1, 96)));
    }

    private static void decodeAndAggregate(byte[] stream, List<Integer> chunkSizes, int maxPayload, int maxJoined) {
        TrackingAllocator alloc = new TrackingAllocator();
        PayloadAggregator aggregator = new PayloadAggregator(maxJoined);
        List<String> payloads = new ArrayList<>();
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setAllocator(alloc);
        List<Throwable> failures = new ArrayList<>();
        channel.pipeline().addLast(new PacketDecoder(maxPayload), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ByteBuf whole = aggregator.offer((Packet) msg, ctx.alloc());
                if (whole != null) {
                    try {
                        payloads.add(whole.toString(StandardCharsets.ISO_8859_1));
                    } finally {
                        whole.release();
                    }
                }
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                failures.add(cause); // the front end answers ERR and closes, as the loop below stops
            }
        });
        int largestChunk = 0;
        int at = 0;
        for (int i = 0; at < stream.length && failures.isEmpty(); i++) {
            int size = chunkSizes.isEmpty() ? stream.length : chunkSizes.get(i % chunkSizes.size());
            int length = Math.min(size, stream.length - at);
            largestChunk = Math.max(largestChunk, length);
            channel.writeInbound(alloc.wrap(Arrays.copyOfRange(stream, at, at + length)));
            at += length;
        }
        assertThat(failures).allSatisfy(e -> assertThat(e).isInstanceOfAny(DecoderException.class,
                PayloadTooLargeException.class));
        boolean failed = !failures.isEmpty();
        channel.finishAndReleaseAll();
        aggregator.discard();

        alloc.assertAllReleased();
        // the cumulation holds at most one unfinished frame plus one chunk; Netty may round it up to twice that
        long bound = 2L * (PacketDecoder.HEADER_SIZE + maxPayload + largestChunk) + 64;
        for (ByteBuf buf : alloc.allocatedSince(0)) {
            assertThat((long) buf.capacity()).as("capacity of %s", buf.getClass().getSimpleName())
                    .isLessThanOrEqualTo(Math.max(bound, maxJoined));
        }
        if (!failed) {
            assertThat(payloads).as("same payloads whatever the chunks")
                    .isEqualTo(referencePayloads(stream, maxPayload, maxJoined));
        }
    }

    /** Every read of any payload either returns or throws MalformedPacketException, never reading past the end. */
    @Test
    void payloadReaderFailsOnlyWithMalformedPacket() {
        Fuzz.forAll(c -> readAll(c.bytes("payload", 40), c.ints("reads", 0, 12, 0, 13)));
    }

    private static void readAll(byte[] payload, List<Integer> reads) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        PayloadReader in = new PayloadReader(buf);
        for (int read : reads) {
            try {
                readOne(in, read);
            } catch (MalformedPacketException expected) {
                // what the front end turns into ERR 1835
            }
            assertThat(buf.readerIndex()).isBetween(0, payload.length);
        }
    }

    /** Length-encoded strings claiming up to 2^64-1 bytes: a value of exactly that length, or malformed. */
    @Test
    void hugeLengthEncodedValuesAreMalformedNotAllocated() {
        Fuzz.forAll(c -> readHugeLenenc(c.intIn("prefix", 0xFB, 0xFF), c.lenencValue("length"), c.bytes("rest", 16)));
    }

    private static void readHugeLenenc(int prefix, long length, byte[] rest) {
        ByteBuf buf = Unpooled.buffer().writeByte(prefix).writeLongLE(length).writeBytes(rest);
        try {
            byte[] value = new PayloadReader(buf).lenencBytes();
            assertThat(value == null ? 0 : value.length).isLessThanOrEqualTo(buf.capacity());
        } catch (MalformedPacketException expected) {
            // the claimed length is more than the payload holds
        }
    }

    private static void readOne(PayloadReader in, int read) {
        switch (read) {
            case 0 -> in.int1();
            case 1 -> in.int2();
            case 2 -> in.int3();
            case 3 -> in.int4();
            case 4 -> in.int8();
            case 5 -> in.lenencInt();
            case 6 -> in.lenencBytes();
            case 7 -> in.lenencString(StandardCharsets.UTF_8);
            case 8 -> in.nulTerminatedString();
            case 9 -> in.restString(StandardCharsets.UTF_8);
            case 10 -> in.bytes(in.hasRemaining() ? in.peekByte() : 1);
            case 11 -> in.skip((int) Math.min(Integer.MAX_VALUE, in.lenencInt()));
            default -> in.restBytes();
        }
    }

    /** The payloads that one well-behaved pass over the whole stream yields, up to the first violation. */
    private static List<String> referencePayloads(byte[] stream, int maxPayload, int maxJoined) {
        List<String> payloads = new ArrayList<>();
        int at = 0;
        while (stream.length - at >= PacketDecoder.HEADER_SIZE) {
            int length = (stream[at] & 0xFF) | (stream[at + 1] & 0xFF) << 8 | (stream[at + 2] & 0xFF) << 16;
            if (length > maxPayload || stream.length - at - PacketDecoder.HEADER_SIZE < length) {
                break;
            }
            if (length <= maxJoined) {
                payloads.add(new String(stream, at + PacketDecoder.HEADER_SIZE, length, StandardCharsets.ISO_8859_1));
            } else {
                break; // PayloadTooLargeException: the property does not compare after a failure
            }
            at += PacketDecoder.HEADER_SIZE + length;
        }
        return payloads;
    }
}
