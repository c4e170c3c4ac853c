package io.tessera.protocol.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.constant.ServerStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResultTableEncoderTest {

    /** Column count 2. */
    private static final String COUNT = "02";
    /** varchar("NAME"): utf8mb4_general_ci (0x2d), length 1024, VAR_STRING (0xfd), no flags. */
    private static final String NAME = hex("03646566 00 00 00 044e414d45 044e414d45 0c 2d00 00040000 fd 0000 00 0000");
    /** bigint("COUNT"): binary (0x3f), length 21, LONGLONG (0x08), BINARY | NUM (0x8080). */
    private static final String COUNT_COLUMN =
            hex("03646566 00 00 00 05434f554e54 05434f554e54 0c 3f00 15000000 08 8080 00 0000");
    /** EOF: no warnings, AUTOCOMMIT. */
    private static final String EOF = hex("fe 0000 0200");
    /** OK with header 0xFE: no rows affected, no insert id, AUTOCOMMIT, no warnings. */
    private static final String OK_AS_EOF = hex("fe 00 00 0200 0000");
    /** ('dn1', '5'). */
    private static final String ROW_1 = hex("03646e31 0135");
    /** ('dn2', NULL). */
    private static final String ROW_2 = hex("03646e32 fb");

    private final TrackingAllocator alloc = new TrackingAllocator();
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final PacketWriter writer;

    ResultTableEncoderTest() {
        channel.config().setAllocator(alloc);
        writer = new PacketWriter(channel);
        writer.sequenceId(1); // the client's command was 0
    }

    @AfterEach
    void leavesNothingUnwrittenAndNothingReferenced() {
        assertThat(channel.finish()).isFalse();
        alloc.assertAllReleased();
    }

    @Test
    void writesClassicFramingWithEofAfterColumnsAndRows() {
        ResultTableEncoder.write(writer, twoRows(), false, ServerStatus.AUTOCOMMIT);

        assertThat(frames()).containsExactly(
                "1 " + COUNT, "2 " + NAME, "3 " + COUNT_COLUMN, "4 " + EOF, "5 " + ROW_1, "6 " + ROW_2, "7 " + EOF);
        assertThat(writer.sequenceId()).isEqualTo(8);
    }

    @Test
    void writesDeprecateEofFramingWithOnlyAClosingOk() {
        ResultTableEncoder.write(writer, twoRows(), true, ServerStatus.AUTOCOMMIT);

        assertThat(frames()).containsExactly(
                "1 " + COUNT, "2 " + NAME, "3 " + COUNT_COLUMN, "4 " + ROW_1, "5 " + ROW_2, "6 " + OK_AS_EOF);
    }

    @Test
    void writesEmptyResultInBothFramings() {
        ResultTable empty = ResultTable.builder().column(ResultTable.varchar("NAME")).build();

        ResultTableEncoder.write(writer, empty, false, ServerStatus.AUTOCOMMIT);
        assertThat(frames()).containsExactly("1 01", "2 " + NAME, "3 " + EOF, "4 " + EOF);

        writer.sequenceId(1);
        ResultTableEncoder.write(writer, empty, true, ServerStatus.AUTOCOMMIT);
        assertThat(frames()).containsExactly("1 01", "2 " + NAME, "3 " + OK_AS_EOF);
    }

    @Test
    void carriesStatusFlagsInTheClosingPacket() {
        ResultTable empty = ResultTable.builder().column(ResultTable.varchar("NAME")).build();

        ResultTableEncoder.write(writer, empty, true, ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS);

        assertThat(frames()).last().isEqualTo("3 fe0000" + "0300" + "0000");
    }

    @Test
    void writesUtf8ValuesLengthEncoded() {
        ResultTable table = ResultTable.builder().column(ResultTable.varchar("NAME")).row("é").row("").build();

        ResultTableEncoder.write(writer, table, true, 0);

        assertThat(frames()).containsExactly("1 01", "2 " + NAME, "3 02c3a9", "4 00", "5 fe0000" + "0000" + "0000");
    }

    @Test
    void doesNotFlush() {
        ResultTableEncoder.write(writer, twoRows(), true, 0);

        assertThat(channel.<Object>readOutbound()).isNull();
        writer.flush();
        assertThat(frames()).hasSize(6);
    }

    private static String hex(String spaced) {
        return spaced.replace(" ", "");
    }

    private static ResultTable twoRows() {
        return ResultTable.builder()
                .column(ResultTable.varchar("NAME"))
                .column(ResultTable.bigint("COUNT"))
                .row("dn1", 5)
                .row("dn2", null)
                .build();
    }

    /** Flushes, decodes what was written and describes each frame as {@code seq payload-hex}; releases all. */
    private List<String> frames() {
        writer.flush();
        EmbeddedChannel client = new EmbeddedChannel(new PacketDecoder());
        client.config().setAllocator(alloc);
        for (ByteBuf written = channel.readOutbound(); written != null; written = channel.readOutbound()) {
            client.writeInbound(written);
        }
        List<String> out = new ArrayList<>();
        for (Packet p = client.readInbound(); p != null; p = client.readInbound()) {
            try {
                out.add(p.sequenceId() + " " + ByteBufUtil.hexDump(p.content()));
            } finally {
                p.release();
            }
        }
        assertThat(client.finish()).as("a partial frame was written").isFalse();
        return out;
    }
}
