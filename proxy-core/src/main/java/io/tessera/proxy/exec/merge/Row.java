package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.HotPath;
import java.util.Arrays;

/**
 * One text-protocol row (MySQL manual: "Text Resultset Row": each value a length-encoded string, 0xFB for NULL), in
 * a frame buffer with the packet header's four bytes in front, as a data node sent it or as an operator built it.
 * The columns' positions are found on first use, so rows that are only passed on are never looked into.
 *
 * <p>Owns one reference to its buffer: whoever ends up with the row writes it ({@link #takeFrame}) or releases it.
 */
@HotPath
final class Row {

    static final int HEADER_SIZE = 4;
    private static final int NULL_MARKER = 0xFB;

    private final ByteBuf frame;
    private int[] marks; // where each column's length header starts, then the end of the row
    private int columns;

    Row(ByteBuf frame) {
        this.frame = frame;
    }

    int columnCount() {
        marks();
        return columns;
    }

    boolean isNull(int column) {
        return frame.getUnsignedByte(marks()[column]) == NULL_MARKER;
    }

    /** Where the value of {@code column} starts in {@link #buffer()}; only for non-NULL values. */
    int valueStart(int column) {
        int at = marks()[column];
        return at + headerLength(frame.getUnsignedByte(at));
    }

    /** The length of the value of {@code column}; only for non-NULL values. */
    int valueLength(int column) {
        int[] m = marks();
        return m[column + 1] - valueStart(column);
    }

    ByteBuf buffer() {
        return frame;
    }

    /** The bytes this row holds in memory, for budgets. */
    int size() {
        return frame.capacity();
    }

    /** Cuts the row after its first {@code kept} columns (the rest were for the merge only). */
    void keep(int kept) {
        frame.writerIndex(marks()[kept]);
    }

    /** Another reference to this row, for an operator that keeps it after passing it on. */
    Row retain() {
        frame.retain();
        return this;
    }

    /** The row in a buffer of its own, letting go of the network buffer it may share: for rows held long. */
    Row compact() {
        ByteBuf copy = frame.copy(0, frame.writerIndex());
        frame.release();
        return new Row(copy);
    }

    /** Hands the frame over for writing; the row must not be used afterwards. */
    ByteBuf takeFrame() {
        return frame;
    }

    void release() {
        frame.release();
    }

    private int[] marks() {
        if (marks == null) {
            scan();
        }
        return marks;
    }

    private void scan() {
        int end = frame.writerIndex();
        int[] found = new int[17];
        int count = 0;
        int at = HEADER_SIZE;
        while (at < end) {
            if (count + 1 >= found.length) {
                found = Arrays.copyOf(found, found.length * 2);
            }
            found[count++] = at;
            int first = frame.getUnsignedByte(at);
            at += first == NULL_MARKER ? 1 : headerLength(first) + (int) length(frame, at, first);
        }
        found[count] = end;
        marks = found;
        columns = count;
    }

    private static int headerLength(int first) {
        return switch (first) {
            case NULL_MARKER -> 1;
            case 0xFC -> 3;
            case 0xFD -> 4;
            case 0xFE -> 9;
            default -> 1;
        };
    }

    private static long length(ByteBuf frame, int at, int first) {
        return switch (first) {
            case 0xFC -> frame.getUnsignedShortLE(at + 1);
            case 0xFD -> frame.getUnsignedMediumLE(at + 1);
            case 0xFE -> frame.getLongLE(at + 1);
            default -> first;
        };
    }
}
