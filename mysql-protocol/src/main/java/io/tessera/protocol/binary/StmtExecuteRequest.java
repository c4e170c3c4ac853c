package io.tessera.protocol.binary;

import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.constant.Command;
import java.nio.charset.StandardCharsets;

/**
 * A COM_STMT_EXECUTE request with its parameters decoded (MySQL manual: "COM_STMT_EXECUTE", "Binary Protocol
 * Value"):
 *
 * <pre>
 * 0x17 | 4 statement id | 1 flags (cursor type) | 4 iteration count (always 1)
 * if params > 0: (params + 7) / 8 NULL bitmap | 1 new-params-bound flag
 *                | if bound: params × (1 type | 1 flags, 0x80 = unsigned) | the non-NULL values, in order
 * </pre>
 *
 * Parameters whose value came earlier in COM_STMT_SEND_LONG_DATA have no bytes here, whatever their NULL bit
 * says (as in MySQL); their entry in {@link #values()} is {@code null} and the caller builds it with
 * {@link BoundValue#ofLongData}. Assumes CLIENT_QUERY_ATTRIBUTES was not negotiated (no parameter count or names).
 * Immutable; the accessors return copies.
 */
public final class StmtExecuteRequest {

    /** The {@link #cursorType()} that asks for a read-only cursor: rows then come with COM_STMT_FETCH. */
    public static final int CURSOR_TYPE_READ_ONLY = 1;

    private static final int HEADER_LENGTH = 10;
    private static final int MAX_QUOTED = 40;

    private final long statementId;
    private final int cursorType;
    private final boolean newParamsBound;
    private final ParameterType[] types;
    private final BoundValue[] values;

    private StmtExecuteRequest(long statementId, int cursorType, boolean newParamsBound, ParameterType[] types,
            BoundValue[] values) {
        this.statementId = statementId;
        this.cursorType = cursorType;
        this.newParamsBound = newParamsBound;
        this.types = types;
        this.values = values;
    }

    /**
     * Reads a whole COM_STMT_EXECUTE payload, command byte included.
     *
     * @param paramCount the statement's parameter count, from its COM_STMT_PREPARE_OK
     * @param previousTypes the types of the statement's last execution, or null if none bound types yet
     * @param longDataSent which parameters got COM_STMT_SEND_LONG_DATA since the last execution; null for none
     * @throws MalformedPacketException for a truncated payload, an unknown type, a bad length or no types at all
     */
    public static StmtExecuteRequest read(PayloadReader in, int paramCount, ParameterType[] previousTypes,
            boolean[] longDataSent) {
        if (paramCount < 0 || paramCount > 0xFFFF) {
            throw new IllegalArgumentException("paramCount: " + paramCount + " (expected: 0..65535)");
        }
        if (longDataSent != null && longDataSent.length != paramCount) {
            throw new IllegalArgumentException("longDataSent: " + longDataSent.length + " flags (expected: "
                    + paramCount + ")");
        }
        need(in, HEADER_LENGTH, "header");
        int command = in.int1();
        if (command != Command.STMT_EXECUTE) {
            throw new MalformedPacketException(String.format("COM_STMT_EXECUTE: command 0x%02x (expected: 0x%02x)",
                    command, Command.STMT_EXECUTE));
        }
        long statementId = in.int4();
        int cursorType = in.int1();
        in.int4(); // iteration count: MySQL ignores it
        if (paramCount == 0) {
            return new StmtExecuteRequest(statementId, cursorType, false, new ParameterType[0], new BoundValue[0]);
        }

        int bitmapLength = (paramCount + 7) / 8;
        need(in, bitmapLength + 1, "NULL bitmap and new-params-bound flag");
        byte[] nullBitmap = in.bytes(bitmapLength);
        boolean newParamsBound = in.int1() != 0; // MySQL takes any value but 0 as "types follow"
        ParameterType[] types;
        if (newParamsBound) {
            need(in, 2 * paramCount, "parameter types");
            types = new ParameterType[paramCount];
            for (int i = 0; i < paramCount; i++) {
                types[i] = ParameterType.of(i, in.int1(), in.int1());
            }
        } else if (previousTypes == null) {
            throw new MalformedPacketException("COM_STMT_EXECUTE: no parameter types, and no earlier execution of "
                    + "statement " + statementId + " bound any");
        } else if (previousTypes.length != paramCount) {
            throw new IllegalArgumentException("previousTypes: " + previousTypes.length + " types (expected: "
                    + paramCount + ")");
        } else {
            types = previousTypes.clone();
        }

        BoundValue[] values = new BoundValue[paramCount];
        for (int i = 0; i < paramCount; i++) {
            if (longDataSent != null && longDataSent[i]) {
                continue; // the caller supplies it
            }
            boolean isNull = (nullBitmap[i >> 3] & (1 << (i & 7))) != 0;
            if (isNull || types[i].type() == ColumnType.NULL) {
                values[i] = BoundValue.NULL;
                continue;
            }
            try {
                values[i] = readValue(in, types[i]);
            } catch (MalformedPacketException e) {
                throw new MalformedPacketException("COM_STMT_EXECUTE parameter " + i + " (" + types[i].type() + ")",
                        e);
            }
        }
        return new StmtExecuteRequest(statementId, cursorType, newParamsBound, types, values);
    }

    public long statementId() {
        return statementId;
    }

    /** The flags byte: 0 for no cursor, {@link #CURSOR_TYPE_READ_ONLY} for a cursor. */
    public int cursorType() {
        return cursorType;
    }

    /** True when this request carried the parameter types; false when the previous execution's apply. */
    public boolean newParamsBound() {
        return newParamsBound;
    }

    /** One type per parameter: the ones sent, or the previous ones; keep them for the next execution. */
    public ParameterType[] types() {
        return types.clone();
    }

    /** One value per parameter; {@code null} where the value came with COM_STMT_SEND_LONG_DATA. */
    public BoundValue[] values() {
        return values.clone();
    }

    @Override
    public String toString() {
        return "StmtExecuteRequest[statementId=" + statementId + ", cursorType=" + cursorType + ", params="
                + values.length + ", newParamsBound=" + newParamsBound + "]"; // never the values
    }

    private static BoundValue readValue(PayloadReader in, ParameterType type) {
        boolean unsigned = type.unsigned();
        return switch (type.type()) {
            case TINY -> new BoundValue.Int(unsigned ? in.int1() : (byte) in.int1(), unsigned);
            case SHORT, YEAR -> new BoundValue.Int(unsigned ? in.int2() : (short) in.int2(), unsigned);
            case LONG, INT24 -> new BoundValue.Int(unsigned ? in.int4() : (int) in.int4(), unsigned);
            case LONGLONG -> new BoundValue.Int(in.int8(), unsigned);
            case FLOAT -> new BoundValue.Float32(Float.intBitsToFloat((int) in.int4()));
            case DOUBLE -> new BoundValue.Float64(Double.longBitsToDouble(in.int8()));
            case DECIMAL, NEWDECIMAL -> decimal(lenencBytes(in));
            case DATE, DATETIME, TIMESTAMP -> dateTime(in, type.type() == ColumnType.DATE);
            case TIME -> time(in);
            default -> type.binary() ? new BoundValue.Binary(lenencBytes(in)) : new BoundValue.Text(lenencBytes(in));
        };
    }

    private static byte[] lenencBytes(PayloadReader in) {
        byte[] bytes = in.lenencBytes();
        if (bytes == null) {
            throw new MalformedPacketException("length 0xFB (NULL) where a value's length belongs");
        }
        return bytes;
    }

    private static BoundValue decimal(byte[] digits) {
        String text = new String(digits, StandardCharsets.ISO_8859_1);
        try {
            return new BoundValue.Decimal(text);
        } catch (IllegalArgumentException e) {
            String shown = text.length() > MAX_QUOTED ? text.substring(0, MAX_QUOTED) + "…" : text;
            throw new MalformedPacketException("'" + shown + "' (expected: digits with an optional sign, one dot "
                    + "and an exponent)");
        }
    }

    /** {@code 1 length (0, 4, 7 or 11) | 2 year | 1 month | 1 day | 1 hour | 1 minute | 1 second | 4 micros}. */
    private static BoundValue dateTime(PayloadReader in, boolean dateOnly) {
        int length = in.int1();
        if (length != 0 && length != 4 && length != 7 && length != 11) {
            throw new MalformedPacketException("length " + length + " (expected: 0, 4, 7 or 11)");
        }
        int year = length >= 4 ? in.int2() : 0;
        int month = length >= 4 ? in.int1() : 0;
        int day = length >= 4 ? in.int1() : 0;
        int hour = length >= 7 ? in.int1() : 0;
        int minute = length >= 7 ? in.int1() : 0;
        int second = length >= 7 ? in.int1() : 0;
        int micros = length == 11 ? micros(in) : 0;
        return new BoundValue.DateTime(dateOnly, year, month, day, hour, minute, second, micros);
    }

    /** {@code 1 length (0, 8 or 12) | 1 is_negative | 4 days | 1 hour | 1 minute | 1 second | 4 micros}. */
    private static BoundValue time(PayloadReader in) {
        int length = in.int1();
        if (length != 0 && length != 8 && length != 12) {
            throw new MalformedPacketException("length " + length + " (expected: 0, 8 or 12)");
        }
        if (length == 0) {
            return new BoundValue.Time(false, 0, 0, 0, 0, 0);
        }
        boolean negative = in.int1() != 0;
        long days = in.int4();
        int hour = in.int1();
        int minute = in.int1();
        int second = in.int1();
        int micros = length == 12 ? micros(in) : 0;
        return new BoundValue.Time(negative, days, hour, minute, second, micros);
    }

    private static int micros(PayloadReader in) {
        long micros = in.int4();
        if (micros > BoundValue.MAX_MICROS) {
            throw new MalformedPacketException("micros: " + micros + " (expected: 0.." + BoundValue.MAX_MICROS + ")");
        }
        return (int) micros;
    }

    private static void need(PayloadReader in, int length, String what) {
        if (in.readableBytes() < length) {
            throw new MalformedPacketException("COM_STMT_EXECUTE " + what + ": needed " + length + " bytes, "
                    + in.readableBytes() + " left");
        }
    }
}
