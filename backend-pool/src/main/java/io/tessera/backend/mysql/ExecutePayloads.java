package io.tessera.backend.mysql;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.constant.Command;
import java.util.List;

/** The payloads {@link NativeConnection#executePrepared} takes: checked before they are queued, released once. */
final class ExecutePayloads {

    /** {@code 0x17 | 4 statement id | 1 flags | 4 iteration count}: the shortest COM_STMT_EXECUTE. */
    private static final int EXECUTE_MIN_LENGTH = 10;
    /** {@code 0x18 | 4 statement id | 2 parameter id}: COM_STMT_SEND_LONG_DATA without data. */
    private static final int LONG_DATA_MIN_LENGTH = 7;

    private ExecutePayloads() {
    }

    /** What is wrong with the payloads, or {@code null} when they will do. */
    static String malformed(List<ByteBuf> longData, ByteBuf executePayload) {
        if (!isCommand(executePayload, Command.STMT_EXECUTE, EXECUTE_MIN_LENGTH)) {
            return describe("executePayload", executePayload, "COM_STMT_EXECUTE", EXECUTE_MIN_LENGTH);
        }
        for (int i = 0; i < longData.size(); i++) {
            if (!isCommand(longData.get(i), Command.STMT_SEND_LONG_DATA, LONG_DATA_MIN_LENGTH)) {
                return describe("longData[" + i + "]", longData.get(i), "COM_STMT_SEND_LONG_DATA",
                        LONG_DATA_MIN_LENGTH);
            }
        }
        return null;
    }

    static void releaseAll(List<ByteBuf> longData, ByteBuf executePayload) {
        for (ByteBuf data : longData) {
            data.release();
        }
        executePayload.release();
    }

    private static boolean isCommand(ByteBuf payload, int command, int minLength) {
        return payload.readableBytes() >= minLength && payload.getUnsignedByte(payload.readerIndex()) == command;
    }

    /** E.g. "executePayload: 3 bytes starting with 0x03 (expected: COM_STMT_EXECUTE of at least 10 bytes)". */
    private static String describe(String name, ByteBuf payload, String command, int minLength) {
        int length = payload.readableBytes();
        String start = length == 0 ? "" : String.format(" starting with 0x%02x",
                payload.getUnsignedByte(payload.readerIndex()));
        return name + ": " + length + " bytes" + start + " (expected: " + command + " of at least " + minLength
                + " bytes)";
    }
}
