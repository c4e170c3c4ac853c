package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.constant.Command;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A COM_QUERY payload: {@code 0x03 | the statement in the connection's character set} (MySQL manual:
 * "COM_QUERY"), in a buffer of exactly its size: a statement can carry megabytes of literals, and a guessed
 * capacity would grow by doubling.
 */
public final class ComQuery {

    private ComQuery() {
    }

    public static ByteBuf encode(ByteBufAllocator alloc, CharSequence sql, Charset charset) {
        if (charset.equals(StandardCharsets.UTF_8)) {
            int length = ByteBufUtil.utf8Bytes(sql);
            ByteBuf payload = alloc.buffer(1 + length);
            payload.writeByte(Command.QUERY);
            ByteBufUtil.reserveAndWriteUtf8(payload, sql, length); // writeUtf8 would reserve 3 bytes a character
            return payload;
        }
        byte[] text = sql.toString().getBytes(charset);
        return alloc.buffer(1 + text.length).writeByte(Command.QUERY).writeBytes(text);
    }
}
