package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Published MurmurHash3 x86_32 test vectors (byte strings, seeds), as chars: Murmur3 hashes a text's UTF-16LE bytes,
 * so a vector of an even number of bytes is the text whose chars are its little-endian byte pairs.
 */
class Murmur3Test {

    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource(textBlock = """
            '',                                 00000000, 00000000
            '',                                 00000001, 514E28B7
            '',                                 FFFFFFFF, 81F16F39
            0000 0000,                          00000000, 2362F9DE
            FFFF FFFF,                          00000000, 76293B50
            4321 8765,                          00000000, F55B516B
            4321 8765,                          5082EDEE, 2362F9DE
            4321,                               00000000, A0F7B07A
            0000,                               00000000, 30F4C306
            6161 6161,                          9747B28C, 5A97808A
            6261,                               9747B28C, 74875592
            6261 6463,                          9747B28C, F0478627
            80CF 80CF 80CF 80CF 80CF 80CF 80CF 80CF, 9747B28C, D58063C1
            """)
    void matchesPublishedVectors(String chars, String seed, String expected) {
        StringBuilder text = new StringBuilder();
        for (String unit : chars.split(" ")) {
            if (!unit.isEmpty()) {
                text.append((char) Integer.parseInt(unit, 16));
            }
        }
        assertThat(Murmur3.hashChars(text.toString(), Integer.parseUnsignedInt(seed, 16)))
                .isEqualTo(Integer.parseUnsignedInt(expected, 16));
    }

    @Test
    void hashesALongAsItsDecimalText() {
        for (long v : new long[] {Long.MIN_VALUE, -1, 0, 7, 42, 123_456_789_012L, Long.MAX_VALUE}) {
            for (int seed : new int[] {0, 1, -1, 0x9747B28C}) {
                assertThat(Murmur3.hashChars(v, seed)).isEqualTo(Murmur3.hashChars(Long.toString(v), seed));
            }
        }
    }

    @Test
    void runningHashEqualsHashOfEverythingAppended() {
        Murmur3.Running running = new Murmur3.Running(7);
        StringBuilder text = new StringBuilder();
        assertThat(running.hash()).isEqualTo(Murmur3.hashChars("", 7));
        for (String piece : new String[] {"S", "HARD-", "0", "-NODE-", "17", "x", "", "\uD83D\uDE00", "-NODE-9"}) {
            running.append(piece);
            text.append(piece);
            assertThat(running.hash()).as(text.toString()).isEqualTo(Murmur3.hashChars(text.toString(), 7));
        }
    }
}
