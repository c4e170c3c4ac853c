package io.tessera.backend.jdbc;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.constant.Command;
import java.nio.charset.Charset;

/**
 * A command the proxy sent, decoded from its payload ({@code command byte | argument}) so that it can be run on the
 * business executor after the payload is released.
 *
 * @param code the command byte, -1 for an empty payload
 */
record JdbcCommand(int code, byte[] argument) {

    /** Reads the payload and releases it. */
    static JdbcCommand read(ByteBuf payload) {
        try {
            int code = payload.readableBytes() == 0 ? -1 : payload.readUnsignedByte();
            byte[] argument = new byte[payload.readableBytes()];
            payload.readBytes(argument);
            return new JdbcCommand(code, argument);
        } finally {
            payload.release();
        }
    }

    /** The argument as text: the statement of COM_QUERY, the database of COM_INIT_DB. */
    String text(Charset clientCharset) {
        return new String(argument, clientCharset);
    }

    /** A command MySQL has that JDBC cannot carry: server-side prepared statements, COM_FIELD_LIST. */
    boolean notSupportedOverJdbc() {
        return code == Command.FIELD_LIST || code == Command.STMT_PREPARE || code == Command.STMT_EXECUTE
                || code == Command.STMT_FETCH || code == Command.STMT_SEND_LONG_DATA || code == Command.STMT_RESET;
    }

    String displayName() {
        return Command.displayName(code);
    }
}
