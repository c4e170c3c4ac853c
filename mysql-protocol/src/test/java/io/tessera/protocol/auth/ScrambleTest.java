package io.tessera.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScrambleTest {

    @Test
    void everyNonceIsTwentySevenBitBytesWithoutNulOrDollar() {
        Scramble scramble = new Scramble(new SecureRandom());
        Set<ByteBuffer> distinct = new HashSet<>();
        BitSet seen = new BitSet(128);

        for (int n = 0; n < 10_000; n++) {
            byte[] nonce = scramble.next();
            assertThat(nonce).hasSize(Scramble.LENGTH);
            for (byte b : nonce) {
                assertThat((int) b).as("nonce %d", n).isBetween(1, 127).isNotEqualTo((int) '$');
                seen.set(b);
            }
            distinct.add(ByteBuffer.wrap(nonce));
        }

        assertThat(distinct).as("no nonce repeats").hasSize(10_000);
        // 200,000 bytes drawn: every allowed value shows up, so no range is silently missing
        BitSet allowed = new BitSet(128);
        allowed.set(1, 128);
        allowed.clear('$');
        assertThat(seen).isEqualTo(allowed);
    }
}
