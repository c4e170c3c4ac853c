package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBuf;
import java.util.Locale;

/**
 * PAD SPACE collations compare strings as if the shorter were padded with spaces ({@code 'a' = 'a '}, and
 * {@code 'a\t' < 'a'}), but {@code WEIGHT_STRING} keeps the length: weights compare here with the shorter one padded
 * by the collation's weight of a space. NO PAD collations (MySQL 8's {@code utf8mb4_0900_ai_ci}, MariaDB's
 * {@code *_nopad_*}) and collations this class does not know compare their weights as they are.
 */
final class PadSpace {

    private static final byte[] GENERAL = {0x00, 0x20};
    private static final byte[] UTF8_BIN = {0x00, 0x00, 0x20};
    private static final byte[] UCA_400 = {0x02, 0x09};
    private static final byte[] UCA_520 = {0x02, 0x0A};
    private static final byte[] SINGLE_BYTE = {0x20};

    private PadSpace() {
    }

    /**
     * The weight of a space in a collation (read from MariaDB 10.11's {@code WEIGHT_STRING(' ')}), to pad with; or
     * {@code null} to compare without padding: NO PAD collations, and those this table does not know.
     */
    static byte[] spaceWeight(String collation) {
        String name = collation.toLowerCase(Locale.ROOT);
        if (isNoPad(name)) {
            return null;
        }
        if (name.startsWith("latin1_") || name.startsWith("ascii_")) {
            return SINGLE_BYTE;
        }
        if (!name.startsWith("utf8mb4_") && !name.startsWith("utf8mb3_") && !name.startsWith("utf8_")) {
            return null;
        }
        if (name.endsWith("_bin")) {
            return UTF8_BIN;
        }
        if (name.contains("_general_")) {
            return GENERAL;
        }
        if (name.contains("_unicode_520_")) {
            return UCA_520;
        }
        if (name.contains("_unicode_") || name.contains("_uca1400_")) {
            return UCA_400;
        }
        return null;
    }

    /** Whether this class knows how {@code collation} counts trailing spaces: a PAD SPACE one it has, or NO PAD. */
    static boolean knows(String collation) {
        return isNoPad(collation.toLowerCase(Locale.ROOT)) || spaceWeight(collation) != null;
    }

    private static boolean isNoPad(String lowerCaseName) {
        return lowerCaseName.contains("nopad") || lowerCaseName.contains("_0900_") || lowerCaseName.equals("binary");
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
