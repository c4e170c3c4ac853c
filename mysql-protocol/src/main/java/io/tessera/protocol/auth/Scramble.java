package io.tessera.protocol.auth;

import java.security.SecureRandom;

/**
 * The 20-byte nonce of the handshake. Like MySQL, every byte is 7-bit and neither NUL nor {@code '$'}:
 * Connector/J decodes the nonce as a string, so bytes of 0x80 and above break its first scramble.
 */
public final class Scramble {

    public static final int LENGTH = 20;

    private final SecureRandom random;

    public Scramble(SecureRandom random) {
        this.random = random;
    }

    public byte[] next() {
        byte[] nonce = new byte[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            int b;
            do {
                b = 1 + random.nextInt(127);
            } while (b == '$');
            nonce[i] = (byte) b;
        }
        return nonce;
    }
}
