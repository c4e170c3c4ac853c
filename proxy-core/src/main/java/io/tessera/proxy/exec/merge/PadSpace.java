package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBuf;
import java.util.Map;

/**
 * PAD SPACE collations compare strings as if the shorter were padded with spaces ({@code 'a' = 'a '}, and
 * {@code 'a\t' < 'a'}), but {@code WEIGHT_STRING} keeps the length: weights compare here with the shorter one padded
 * by the collation's weight of a space. NO PAD collations (MySQL 8's {@code utf8mb4_0900_ai_ci}, MariaDB's
 * {@code *_nopad_*}) and collations this table does not know compare their weights as they are.
 */
final class PadSpace {

    private static final byte[] GENERAL = {0x00, 0x20};
    private static final byte[] UTF8_BIN = {0x00, 0x00, 0x20};
    private static final byte[] UCA_400 = {0x02, 0x09};
    private static final byte[] UCA_520 = {0x02, 0x0A};
    private static final byte[] SINGLE_BYTE = {0x20};

    /** The weight of a space, by collation id (values read from MariaDB 10.11's {@code WEIGHT_STRING(' ')}). */
    private static final Map<Integer, byte[]> SPACE_WEIGHT = Map.ofEntries(
            Map.entry(45, GENERAL), Map.entry(33, GENERAL),         // utf8mb4_general_ci, utf8(mb3)_general_ci
            Map.entry(46, UTF8_BIN), Map.entry(83, UTF8_BIN),       // utf8mb4_bin, utf8_bin
            Map.entry(224, UCA_400), Map.entry(192, UCA_400),       // utf8mb4_unicode_ci, utf8_unicode_ci
            Map.entry(246, UCA_520),                                // utf8mb4_unicode_520_ci
            Map.entry(8, SINGLE_BYTE), Map.entry(47, SINGLE_BYTE),  // latin1_swedish_ci, latin1_bin
            Map.entry(48, SINGLE_BYTE), Map.entry(11, SINGLE_BYTE), // latin1_general_ci, ascii_general_ci
            Map.entry(65, SINGLE_BYTE));                            // ascii_bin

    private PadSpace() {
    }

    /** The space weight to pad with for a collation, or {@code null} to compare without padding. */
    static byte[] spaceWeight(int collation) {
        return SPACE_WEIGHT.get(collation);
    }

    static int compare(byte[] space, ByteBuf a, int aStart, int aLength, ByteBuf b, int bStart, int bLength) {
        int common = Math.min(aLength, bLength);
        int cmp = Values.compareBytes(a, aStart, common, b, bStart, common);
        if (cmp != 0 || aLength == bLength) {
            return cmp;
        }
        if (space == null) {
            return Integer.compare(aLength, bLength);
        }
        boolean aLonger = aLength > bLength;
        ByteBuf longer = aLonger ? a : b;
        int from = (aLonger ? aStart : bStart) + common;
        int rest = Math.abs(aLength - bLength);
        for (int i = 0; i < rest; i++) {
            int d = longer.getUnsignedByte(from + i) - (space[i % space.length] & 0xFF);
            if (d != 0) {
                return aLonger ? d : -d;
            }
        }
        return 0;
    }
}
