package io.tessera.proxy.pipeline;

import io.netty.buffer.ByteBuf;
import io.tessera.proxy.session.Session;
import io.tessera.router.parse.LongLiterals;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The statement's text: decoded from the payload in the client's character set, or a prepared EXECUTE's with its
 * values written in; SHOW PROCESSLIST shows it from now on. A very long text is read for routing as a copy whose long
 * literals are emptied: routing never needs a BLOB's bytes, and the data node gets the client's payload as it is.
 */
final class ReadText implements Step {

    /** Statements larger than this are routed from a copy whose long literals are emptied (see LongLiterals). */
    static final int SHORTEN_ABOVE_BYTES = 256 * 1024;
    static final int MAX_ROUTING_LITERAL_BYTES = 4096;

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        ByteBuf payload = run.payload();
        // LongLiterals reads backslashes as escapes: under NO_BACKSLASH_ESCAPES it could cut the wrong text
        if (payload.readableBytes() > SHORTEN_ABOVE_BYTES && asciiSafe(session.clientCharset())
                && session.backslashEscapes()) {
            run.sql = LongLiterals.elide(payload.nioBuffers(payload.readerIndex() + 1, payload.readableBytes() - 1),
                    session.clientCharset(), MAX_ROUTING_LITERAL_BYTES);
            run.shortened = run.sql != null;
        }
        if (!run.shortened) {
            run.sql = run.prepared() != null ? run.prepared().text() : decode(payload, session.clientCharset());
        }
        run.client().activity().statement(run.sql);
        run.client().statementStarted();
        return Flow.NEXT;
    }

    /** The text of a COM_QUERY payload ({@code 0x03 | text}). */
    static String decode(ByteBuf payload, Charset charset) {
        byte[] text = new byte[payload.readableBytes() - 1];
        payload.getBytes(payload.readerIndex() + 1, text);
        return new String(text, charset); // the JDK's decoder is fastest on arrays
    }

    /** Character sets in which a quote or backslash byte is always that character. */
    private static boolean asciiSafe(Charset charset) {
        return charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.ISO_8859_1)
                || charset.equals(StandardCharsets.US_ASCII) || charset.name().equals("windows-1252");
    }
}
