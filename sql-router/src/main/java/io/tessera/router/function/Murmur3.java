package io.tessera.router.function;

/**
 * MurmurHash3 x86_32 over the UTF-16 code units of a text, as Guava's
 * {@code Hashing.murmur3_32(seed).hashUnencodedChars(text).asInt()} computes it, which is what MyCat's
 * {@code PartitionByMurmurHash} calls. Each pair of characters is one little-endian 32-bit block, so the result is
 * MurmurHash3 x86_32 of the text's UTF-16LE bytes.
 */
final class Murmur3 {

    private static final int C1 = 0xcc9e2d51;
    private static final int C2 = 0x1b873593;

    private Murmur3() {
    }

    static int hashChars(String text, int seed) {
        return hash(text, 0, text.length(), seed);
    }

    /** The hash of {@code Long.toString(value)}, without building that string. */
    static int hashChars(long value, int seed) {
        return hash(null, value, DecimalText.length(value), seed);
    }

    /** Reads {@code text} when it is not null, otherwise the decimal characters of {@code number}. */
    private static int hash(String text, long number, int length, int seed) {
        int h1 = seed;
        for (int i = 1; i < length; i += 2) {
            int block = charAt(text, number, length, i - 1) | charAt(text, number, length, i) << 16;
            h1 = mixH1(h1, mixK1(block));
        }
        if ((length & 1) == 1) {
            h1 ^= mixK1(charAt(text, number, length, length - 1));
        }
        return fmix(h1, 2 * length);
    }

    private static char charAt(String text, long number, int length, int index) {
        return text != null ? text.charAt(index) : DecimalText.charAt(number, length, index);
    }

    private static int mixK1(int k1) {
        return Integer.rotateLeft(k1 * C1, 15) * C2;
    }

    private static int mixH1(int h1, int k1) {
        return Integer.rotateLeft(h1 ^ k1, 13) * 5 + 0xe6546b64;
    }

    private static int fmix(int h1, int byteLength) {
        int h = h1 ^ byteLength;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ h >>> 16;
    }

    /**
     * The hash of a text that only grows, for building a hash ring: appending characters and reading the hash of
     * everything appended so far costs time in proportion to what was appended, not to the whole text. Mutable; used
     * only while a function is being built.
     */
    static final class Running {

        private int h1;
        private int length;
        private int pending = -1;   // a character waiting for the second half of its 32-bit block

        Running(int seed) {
            this.h1 = seed;
        }

        Running append(CharSequence chars) {
            for (int i = 0; i < chars.length(); i++) {
                append(chars.charAt(i));
            }
            return this;
        }

        Running append(char c) {
            if (pending < 0) {
                pending = c;
            } else {
                h1 = mixH1(h1, mixK1(pending | c << 16));
                pending = -1;
            }
            length++;
            return this;
        }

        /** The hash of the text appended so far; appending may go on afterwards. */
        int hash() {
            int h = pending < 0 ? h1 : h1 ^ mixK1(pending);
            return fmix(h, 2 * length);
        }
    }
}
