package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.constant.ServerStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResultSetEndsTest {

    private final Payloads payloads = new Payloads();

    @AfterEach
    void releasedEverything() {
        payloads.assertAllReleased();
    }

    @Test
    void rowsEndWithAnEofOrUnderDeprecateEofWithAnOkThatHasTheEofHeader() {
        int status = ServerStatus.AUTOCOMMIT;
        assertThat(payloads.hex(out -> ResultSetEnds.endRows(out, false, 2, status))).isEqualTo("fe" + "0200" + "0200");
        assertThat(payloads.hex(out -> ResultSetEnds.endRows(out, true, 2, status)))
                .isEqualTo("fe" + "00" + "00" + "0200" + "0200");
        assertThat(payloads.hex(out -> ResultSetEnds.endRows(out, true, 65_535, 0xFFFF)).length() / 2)
                .isLessThanOrEqualTo(ResultSetEnds.MAX_END_OF_ROWS_BYTES);
    }

    @Test
    void columnsEndWithAnEofOnlyWithoutDeprecateEof() {
        assertThat(framesWritten(false)).containsExactly("050000" + "00" + "fe" + "0000" + "0200");
        assertThat(framesWritten(true)).isEmpty();
    }

    private static List<String> framesWritten(boolean deprecateEof) {
        EmbeddedChannel channel = new EmbeddedChannel();
        PacketWriter writer = new PacketWriter(channel);
        ResultSetEnds.endColumns(writer, deprecateEof, ServerStatus.AUTOCOMMIT);
        writer.flush();
        List<String> frames = new ArrayList<>();
        for (ByteBuf frame; (frame = channel.readOutbound()) != null; frame.release()) {
            frames.add(ByteBufUtil.hexDump(frame));
        }
        channel.finishAndReleaseAll();
        return frames;
    }
}
