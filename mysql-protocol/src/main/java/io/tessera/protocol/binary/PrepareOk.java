package io.tessera.protocol.binary;

import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;

/**
 * The first packet of a successful COM_STMT_PREPARE response (MySQL manual: "COM_STMT_PREPARE Response"):
 * {@code 0x00 | 4 statement id | 2 columns | 2 params | 1 filler 0x00 | 2 warnings}. Parameter definitions and
 * then column definitions follow it, each part ended by an EOF unless CLIENT_DEPRECATE_EOF was negotiated.
 */
public record PrepareOk(long statementId, int columnCount, int paramCount, int warningCount) {

    public static final int HEADER = 0x00;

    public PrepareOk {
        if (statementId < 0 || statementId > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("statementId: " + statementId + " (expected: 0..4294967295)");
        }
        checkInt2("columnCount", columnCount);
        checkInt2("paramCount", paramCount);
        checkInt2("warningCount", warningCount);
    }

    /**
     * Reads the packet; a missing warning count reads as 0, and the metadata-follows byte of
     * CLIENT_OPTIONAL_RESULTSET_METADATA, which Tessera never negotiates, is left unread.
     */
    public static PrepareOk read(PayloadReader in) {
        if (in.readableBytes() < 10) {
            throw new MalformedPacketException("COM_STMT_PREPARE_OK: " + in.readableBytes()
                    + " bytes (expected: at least 10)");
        }
        int header = in.int1();
        if (header != HEADER) {
            throw new MalformedPacketException(String.format("COM_STMT_PREPARE_OK: header 0x%02x (expected: 0x00)",
                    header));
        }
        long statementId = in.int4();
        int columns = in.int2();
        int params = in.int2();
        in.skip(1);
        int warnings = in.readableBytes() >= 2 ? in.int2() : 0;
        return new PrepareOk(statementId, columns, params, warnings);
    }

    public void writeTo(PayloadWriter out) {
        out.int1(HEADER).int4(statementId).int2(columnCount).int2(paramCount).int1(0).int2(warningCount);
    }

    private static void checkInt2(String name, int value) {
        if (value < 0 || value > 0xFFFF) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: 0..65535)");
        }
    }
}
