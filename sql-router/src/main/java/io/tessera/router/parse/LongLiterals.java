package io.tessera.router.parse;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/**
 * Shortens a statement for routing: every quoted literal longer than a limit becomes an empty one
 * ({@code '...20 MiB...'} becomes {@code ''}). Routing needs table names and sharding values, never a BLOB, so
 * a 20 MiB INSERT parses like a small one, while the data node still receives the client's original bytes.
 *
 * <p>Works on the raw bytes, so it is only for character sets in which a quote or backslash byte is always that
 * character (UTF-8, latin1, ASCII, binary), not for GBK-like sets whose second bytes may be 0x5C. Comments and
 * backquoted names are copied as they are; inside them quotes do not start a literal.
 */
public final class LongLiterals {

    private LongLiterals() {
    }

    /**
     * The statement with long literals emptied, decoded with {@code charset}, or {@code null} when it has none
     * longer than {@code maxLiteralBytes} (decode it as it is then).
     */
    public static String elide(ByteBuffer[] chunks, Charset charset, int maxLiteralBytes) {
        Scanner scanner = new Scanner(maxLiteralBytes);
        for (ByteBuffer chunk : chunks) {
            for (int i = chunk.position(); i < chunk.limit(); i++) {
                scanner.next(chunk.get(i));
            }
        }
        scanner.end();
        return scanner.elided ? new String(scanner.kept.toByteArray(), charset) : null;
    }

    /** A byte-at-a-time lexer that keeps everything but the inside of long literals. */
    private static final class Scanner {

        private enum State { CODE, LITERAL, LITERAL_ESCAPE, LITERAL_QUOTE, BACKTICK, LINE_COMMENT, BLOCK_COMMENT,
            BLOCK_COMMENT_STAR, DASH, DASH_DASH, SLASH }

        private final int maxLiteralBytes;
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final ByteArrayOutputStream literal = new ByteArrayOutputStream();
        private State state = State.CODE;
        private byte quote;
        private int literalLength;
        private boolean elided;

        Scanner(int maxLiteralBytes) {
            this.maxLiteralBytes = maxLiteralBytes;
        }

        void next(byte b) {
            switch (state) {
                case CODE -> code(b);
                case DASH -> {
                    if (b == '-') {
                        kept.write(b);
                        state = State.DASH_DASH;
                    } else {
                        state = State.CODE;
                        code(b);
                    }
                }
                case DASH_DASH -> { // "-- " starts a comment only when whitespace follows (MySQL manual: Comments)
                    if (b == ' ' || b == '\t' || b == '\n' || b == '\r') {
                        kept.write(b);
                        state = b == '\n' ? State.CODE : State.LINE_COMMENT;
                    } else {
                        state = State.CODE;
                        code(b);
                    }
                }
                case SLASH -> {
                    if (b == '*') {
                        kept.write(b);
                        state = State.BLOCK_COMMENT;
                    } else {
                        state = State.CODE;
                        code(b);
                    }
                }
                case LINE_COMMENT -> {
                    kept.write(b);
                    if (b == '\n') {
                        state = State.CODE;
                    }
                }
                case BLOCK_COMMENT, BLOCK_COMMENT_STAR -> {
                    kept.write(b);
                    state = b == '/' && state == State.BLOCK_COMMENT_STAR ? State.CODE
                            : b == '*' ? State.BLOCK_COMMENT_STAR : State.BLOCK_COMMENT;
                }
                case BACKTICK -> {
                    kept.write(b);
                    if (b == '`') {
                        state = State.CODE;
                    }
                }
                case LITERAL -> {
                    if (b == '\\') {
                        state = State.LITERAL_ESCAPE;
                    } else if (b == quote) {
                        state = State.LITERAL_QUOTE; // the end, or the first of a doubled quote
                        return;
                    }
                    take(b);
                }
                case LITERAL_ESCAPE -> {
                    take(b);
                    state = State.LITERAL;
                }
                case LITERAL_QUOTE -> {
                    if (b == quote) { // '' inside '...': an escaped quote
                        take(b);
                        take(b);
                        state = State.LITERAL;
                    } else {
                        closeLiteral();
                        state = State.CODE;
                        code(b);
                    }
                }
                default -> throw new IllegalStateException(state.name());
            }
        }

        private void code(byte b) {
            switch (b) {
                case '\'', '"' -> {
                    quote = b;
                    literal.reset();
                    literalLength = 0;
                    state = State.LITERAL;
                }
                case '`' -> {
                    kept.write(b);
                    state = State.BACKTICK;
                }
                case '#' -> {
                    kept.write(b);
                    state = State.LINE_COMMENT;
                }
                case '-' -> {
                    kept.write(b);
                    state = State.DASH;
                }
                case '/' -> {
                    kept.write(b);
                    state = State.SLASH;
                }
                default -> kept.write(b);
            }
        }

        /** A byte of the literal being read: kept until the literal proves long. */
        private void take(byte b) {
            literalLength++;
            if (literalLength <= maxLiteralBytes) {
                literal.write(b);
            }
        }

        private void closeLiteral() {
            kept.write(quote);
            if (literalLength <= maxLiteralBytes) {
                kept.writeBytes(literal.toByteArray());
            } else {
                elided = true;
            }
            kept.write(quote);
        }

        void end() {
            if (state == State.LITERAL_QUOTE) {
                closeLiteral();
            } else if (state == State.LITERAL || state == State.LITERAL_ESCAPE) {
                kept.write(quote); // unterminated: keep what was read, the parser reports the error
                kept.writeBytes(literal.toByteArray());
            }
        }
    }
}
