package io.tessera.router.load;

import io.tessera.router.function.SqlValue;
import io.tessera.router.parse.LoadData;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * Finds the rows of a LOAD DATA file as it streams in, and the value of one field of each (the field that places the
 * row), reading fields as MySQL's {@code READ_INFO} does: a field ends at the field terminator, a row at the line
 * terminator; the escape character takes the next byte as data; a field that starts with the enclosing character
 * ends at an enclosing character followed by a terminator, and a doubled one is data; with LINES STARTING BY, a row
 * starts after the next occurrence of the prefix and what comes before it is skipped. {@code \N} (and, with an
 * enclosing character, an unenclosed {@code NULL}) is NULL. The first {@code IGNORE n LINES} lines are skipped.
 *
 * <p>The bytes are read as single-byte-safe text (UTF-8, the latin and ASCII sets, binary), whose multi-byte
 * characters never hold a terminator's or the escape's byte. Not thread-safe: one per file.
 */
public final class RowSplitter {

    /** Receives each row found. */
    public interface Rows {

        /**
         * The row at {@code [index, index + length)} of {@code bytes}, its line terminator included (the file's last
         * row may have none); {@code bytes} is the splitter's, valid during the call only.
         *
         * @param key the placing field's value ({@link SqlValue.Null} for NULL), or {@code null} when the row has no
         *     such field or no field places rows
         */
        void row(byte[] bytes, int index, int length, SqlValue key);
    }

    private static final int INCOMPLETE = -1;
    private static final int NONE = -1;
    private static final byte[] NULL_WORD = {'N', 'U', 'L', 'L'};

    private final byte[] fieldTerm;
    private final byte[] lineTerm;
    private final byte[] lineStart;
    private final int enclosure;
    private final int escape;
    private final int keyField;
    private final Charset charset;
    private long linesToIgnore;
    /** Bytes of an unfinished row already scanned in vain: the next scan waits until twice as many have come. */
    private int scannedInVain;
    /** What has come and is not split yet: {@code [start, end)}. */
    private byte[] buffer = new byte[8192];
    private int start;
    private int end;

    // what the scan of one row found
    private int rowStart;
    private SqlValue key;

    /**
     * @param keyField the index of the field whose value {@link Rows#row} gets, or -1 for none
     * @param charset what the file's bytes are, for the key's text
     */
    public RowSplitter(LoadData load, int keyField, Charset charset) {
        this.fieldTerm = load.fieldsTerminatedBy();
        this.lineTerm = load.linesTerminatedBy();
        this.lineStart = load.linesStartingBy();
        this.enclosure = load.enclosedBy().length == 0 ? NONE : load.enclosedBy()[0];
        this.escape = load.escapedBy().length == 0 ? NONE : load.escapedBy()[0];
        this.keyField = keyField;
        this.charset = charset;
        this.linesToIgnore = load.ignoreLines();
    }

    /**
     * Takes the next {@code length} bytes of the file from {@code bytes} and hands {@code rows} each row they complete.
     * An unfinished row waits for the next bytes.
     */
    public void feed(byte[] bytes, int offset, int length, Rows rows) {
        if (end + length > buffer.length) {
            int pending = end - start;
            byte[] target = pending + length > buffer.length
                    ? new byte[Math.max(buffer.length * 2, pending + length)] : buffer;
            System.arraycopy(buffer, start, target, 0, pending);
            buffer = target;
            start = 0;
            end = pending;
        }
        System.arraycopy(bytes, offset, buffer, end, length);
        end += length;
        split(false, rows);
    }

    /** The file has ended: what is left is its last row. */
    public void finish(Rows rows) {
        split(true, rows);
        buffer = new byte[0];
        start = 0;
        end = 0;
    }

    /** The bytes of an unfinished row held: a row longer than the caller allows is its to refuse. */
    public int pendingBytes() {
        return end - start;
    }

    private void split(boolean last, Rows rows) {
        if (!last && end - start < 2 * scannedInVain) {
            return;
        }
        while (linesToIgnore > 0) {
            int lineEnd = lineEnd(start, last);
            if (lineEnd == INCOMPLETE) {
                scannedInVain = end - start;
                return;
            }
            start = lineEnd;
            linesToIgnore--;
        }
        while (start < end) {
            int rowEnd = scanRow(start, last);
            if (rowEnd == INCOMPLETE) {
                scannedInVain = end - start;
                return;
            }
            if (rowStart >= 0) {
                rows.row(buffer, rowStart, rowEnd - rowStart, key);
            }
            start = rowEnd;
        }
        scannedInVain = 0;
    }

    /** The end of the line from {@code start} (after its terminator), escapes honoured; for IGNORE n LINES. */
    private int lineEnd(int from, boolean last) {
        byte[] b = buffer;
        int limit = end;
        int q = from;
        while (q < limit) {
            if (escape != NONE && b[q] == escape) {
                q += 2;
                continue;
            }
            int m = match(b, q, limit, lineTerm, last);
            if (m == INCOMPLETE) {
                return INCOMPLETE;
            }
            if (m > 0) {
                return q + lineTerm.length;
            }
            q++;
        }
        return last ? limit : INCOMPLETE;
    }

    /**
     * Scans the row from {@code from}: returns where it ends (after its line terminator) and sets {@link #rowStart}
     * (-1 when only skipped bytes were left) and {@link #key}; or {@link #INCOMPLETE}.
     */
    private int scanRow(int from, boolean last) {
        byte[] b = buffer;
        int limit = end;
        int p = from;
        rowStart = from;
        key = null;
        if (lineStart.length > 0) {
            int at = indexOf(b, p, limit, lineStart);
            if (at < 0) {
                rowStart = -1;
                return last ? limit : INCOMPLETE;
            }
            rowStart = at;
            p = at + lineStart.length;
        }
        for (int field = 0; ; field++) {
            if (p >= limit && !last) {
                return INCOMPLETE;
            }
            boolean enclosed = enclosure != NONE && p < limit && b[p] == enclosure;
            int valueStart = enclosed ? p + 1 : p;
            int q = valueStart;
            int valueEnd;
            int next;
            boolean rowEnds;
            while (true) {
                if (q >= limit) {
                    if (!last) {
                        return INCOMPLETE;
                    }
                    valueEnd = limit;
                    next = limit;
                    rowEnds = true;
                    break;
                }
                byte c = b[q];
                if (escape != NONE && c == escape) {
                    if (q + 1 >= limit && !last) {
                        return INCOMPLETE;
                    }
                    q += 2;
                    continue;
                }
                int after = q;
                if (enclosed) {
                    if (c != enclosure) {
                        q++;
                        continue;
                    }
                    if (q + 1 >= limit && !last) {
                        return INCOMPLETE;
                    }
                    if (q + 1 < limit && b[q + 1] == enclosure) {
                        q += 2;
                        continue;
                    }
                    after = q + 1;
                    if (after >= limit) { // the closing character ends the file
                        valueEnd = q;
                        next = limit;
                        rowEnds = true;
                        break;
                    }
                }
                int m = match(b, after, limit, lineTerm, last);
                if (m == INCOMPLETE) {
                    return INCOMPLETE;
                }
                if (m > 0) {
                    valueEnd = q;
                    next = after + lineTerm.length;
                    rowEnds = true;
                    break;
                }
                m = match(b, after, limit, fieldTerm, last);
                if (m == INCOMPLETE) {
                    return INCOMPLETE;
                }
                if (m > 0) {
                    valueEnd = q;
                    next = after + fieldTerm.length;
                    rowEnds = false;
                    break;
                }
                q++; // data, an enclosing character inside an enclosed field included
            }
            if (field == keyField) {
                key = value(b, valueStart, Math.min(valueEnd, limit), enclosed);
            }
            if (rowEnds) {
                return next;
            }
            p = next;
        }
    }

    /** 1 when {@code term} is at {@code at}, 0 when not, INCOMPLETE when the data ends inside what may be it. */
    private static int match(byte[] b, int at, int limit, byte[] term, boolean last) {
        for (int i = 0; i < term.length; i++) {
            if (at + i >= limit) {
                return last ? 0 : INCOMPLETE;
            }
            if (b[at + i] != term[i]) {
                return 0;
            }
        }
        return 1;
    }

    private static int indexOf(byte[] b, int from, int limit, byte[] term) {
        for (int at = from; at + term.length <= limit; at++) {
            if (match(b, at, limit, term, true) > 0) {
                return at;
            }
        }
        return -1;
    }

    /** The field's value as MySQL reads it: NULL, or its bytes with escapes and doubled enclosures resolved. */
    private SqlValue value(byte[] b, int from, int to, boolean enclosed) {
        int length = to - from;
        if (!enclosed && length == 2 && escape != NONE && b[from] == escape && b[from + 1] == 'N'
                || !enclosed && enclosure != NONE && length == 4 && Arrays.equals(b, from, from + 4, NULL_WORD, 0, 4)) {
            return SqlValue.Null.INSTANCE;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length);
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (escape != NONE && c == escape && i + 1 < to) {
                out.write(unescaped(b[++i]));
            } else if (enclosed && c == enclosure && i + 1 < to && b[i + 1] == enclosure) {
                out.write(c);
                i++;
            } else {
                out.write(c);
            }
        }
        return SqlValue.of(out.toString(charset));
    }

    private static int unescaped(byte c) {
        return switch (c) {
            case '0' -> 0;
            case 'b' -> '\b';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'Z' -> 0x1A;
            default -> c;
        };
    }
}
