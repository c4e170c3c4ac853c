package io.tessera.proxy.pipeline;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tessera.protocol.constant.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A prepared statement's EXECUTE on its way through the query path, routed by a text with the bound values written
 * in.
 *
 * @param text the text the EXECUTE is routed by, the one its COM_QUERY payload holds
 * @param sql the statement's own text, {@code ?} markers and all
 * @param longData what COM_STMT_SEND_LONG_DATA gave the parameters, for a data node that runs the statement as its
 *     own prepared statement
 * @param execute the COM_STMT_EXECUTE for that data node (statement id to be filled in, parameter types always
 *     included, no cursor), or {@code null} when the statement must run as text
 * @param wholeText the text with every value written in, when the routing text stands short values in for long
 *     ones (they never decide a route, and a blob's hex is best not built when the node gets the binary values);
 *     {@code null} when the routing text is whole
 * @param rowsAreBinary tells the client's re-encoder that the rows to come are binary already: called when a data
 *     node runs the statement as its own prepared statement
 */
public record PreparedRun(String text, String sql, List<LongData> longData, byte[] execute, Supplier<String> wholeText,
        Runnable rowsAreBinary) {

    /** The long data of one parameter. */
    public record LongData(int parameter, byte[] data) {
    }

    /** The same EXECUTE, to be run as its whole text, {@code wholeText}. */
    PreparedRun asText(String wholeText) {
        return new PreparedRun(wholeText, sql, List.of(), null, null, rowsAreBinary);
    }

    /** COM_STMT_SEND_LONG_DATA payloads, {@code 0x18 | 4 statement id (0) | 2 parameter | data}, for the node. */
    List<ByteBuf> longDataPayloads() {
        List<ByteBuf> payloads = new ArrayList<>(longData.size());
        for (LongData part : longData) {
            byte[] header = new byte[7];
            header[0] = (byte) Command.STMT_SEND_LONG_DATA;
            header[5] = (byte) part.parameter();
            header[6] = (byte) (part.parameter() >> 8);
            payloads.add(Unpooled.wrappedBuffer(header, part.data()));
        }
        return payloads;
    }
}
