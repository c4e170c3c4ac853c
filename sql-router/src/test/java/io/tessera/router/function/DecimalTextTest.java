package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalTextTest {

    @Test
    void readsTheCharactersOfLongToString() {
        Random random = new Random(1);
        long[] values = new long[2000];
        long[] edges = {0, 1, -1, 9, 10, -9, -10, 99, 100, Integer.MAX_VALUE, Integer.MIN_VALUE,
            999_999_999_999_999_999L, 1_000_000_000_000_000_000L, -1_000_000_000_000_000_000L, Long.MAX_VALUE,
            Long.MIN_VALUE};
        System.arraycopy(edges, 0, values, 0, edges.length);
        for (int i = edges.length; i < values.length; i++) {
            values[i] = random.nextLong() >> random.nextInt(64);
        }
        for (long v : values) {
            String text = Long.toString(v);
            int length = DecimalText.length(v);
            assertThat(length).as(text).isEqualTo(text.length());
            StringBuilder read = new StringBuilder();
            for (int i = 0; i < length; i++) {
                read.append(DecimalText.charAt(v, length, i));
            }
            assertThat(read.toString()).isEqualTo(text);
            assertThat(DecimalText.hashCode(v)).isEqualTo(text.hashCode());
        }
    }
}
