package io.tessera.router.function;

import java.nio.charset.StandardCharsets;

/**
 * CRC-32 (ISO-HDLC: reflected polynomial 0xEDB88320, the checksum of {@link java.util.zip.CRC32}) of a value's text
 * in UTF-8, as MyCat's {@code PartitionByCRC32PreSlot} computes it. The integer path reads the decimal characters in
 * place, so it allocates nothing.
 */
final class Crc32 {

    private static final int[] TABLE = new int[256];

    static {
        for (int n = 0; n < TABLE.length; n++) {
            int c = n;
            for (int bit = 0; bit < 8; bit++) {
                c = (c & 1) != 0 ? 0xEDB88320 ^ c >>> 1 : c >>> 1;
            }
            TABLE[n] = c;
        }
    }

    private Crc32() {
    }

    /** The CRC-32 of {@code text}'s UTF-8 bytes, from 0 to 2^32 - 1. */
    static long of(String text) {
        int crc = ~0;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            crc = update(crc, b);
        }
        return ~crc & 0xFFFF_FFFFL;
    }

    /** The CRC-32 of {@code Long.toString(value)}, whose characters are all ASCII. */
    static long of(long value) {
        int length = DecimalText.length(value);
        int crc = ~0;
        for (int i = 0; i < length; i++) {
            crc = update(crc, DecimalText.charAt(value, length, i));
        }
        return ~crc & 0xFFFF_FFFFL;
    }

    private static int update(int crc, int b) {
        return crc >>> 8 ^ TABLE[(crc ^ b) & 0xFF];
    }
}
