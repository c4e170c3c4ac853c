package io.tessera.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class NativePasswordTest {

    @Test
    void matchesPublishedVector() {
        // go-sql-driver/mysql auth_test.go, TestAuthFastNativePassword: password "secret"
        byte[] nonce = bytes(70, 114, 92, 94, 1, 38, 11, 116, 63, 114, 23, 101, 126, 103, 26, 95, 81, 17, 24, 21);
        byte[] expected = bytes(53, 177, 140, 159, 251, 189, 127, 53, 109, 252, 172, 50, 211, 192, 240, 164, 26, 48,
                207, 45);

        assertThat(NativePassword.scramble(utf8("secret"), nonce)).containsExactly(expected);
    }

    @Test
    void matchesConnectorJCapture() {
        // flike/kingshard mysql/util_test.go: a scramble captured from a JDBC login, password "kingshard"
        byte[] nonce = "@jx=d_3z42;sS$YrS)p|".getBytes(StandardCharsets.US_ASCII);

        assertThat(HexFormat.of().formatHex(NativePassword.scramble(utf8("kingshard"), nonce)))
                .isEqualTo("fbc71db5ac3d7b51048d1a1d88c1677f34bcca11");
    }

    @Test
    void equalsTheManualsFormulaStepByStep() throws Exception {
        SecureRandom random = new SecureRandom();
        for (int i = 0; i < 50; i++) {
            byte[] password = new byte[1 + random.nextInt(40)];
            random.nextBytes(password);
            byte[] nonce = new Scramble(random).next();

            // SHA1(password) XOR SHA1(nonce || SHA1(SHA1(password)))
            byte[] stage1 = MessageDigest.getInstance("SHA-1").digest(password);
            byte[] stage2 = MessageDigest.getInstance("SHA-1").digest(stage1);
            MessageDigest outer = MessageDigest.getInstance("SHA-1");
            outer.update(nonce);
            outer.update(stage2);
            byte[] expected = xor(stage1, outer.digest());

            assertThat(NativePassword.scramble(password, nonce)).containsExactly(expected);
        }
    }

    @Test
    void usesOnlyTheFirstTwentyNonceBytes() {
        byte[] nonce = new Scramble(new SecureRandom()).next();
        byte[] withNul = Arrays.copyOf(nonce, 21); // the greeting's nonce as some clients keep it

        assertThat(NativePassword.scramble(utf8("pw"), withNul)).containsExactly(NativePassword.scramble(utf8("pw"),
                nonce));
    }

    @Test
    void emptyPasswordGivesEmptyProof() {
        assertThat(NativePassword.scramble(new byte[0], new Scramble(new SecureRandom()).next())).isEmpty();
    }

    @Test
    void verifiesOnlyTheRightProof() {
        byte[] nonce = new Scramble(new SecureRandom()).next();
        byte[] proof = NativePassword.scramble(utf8("secret"), nonce);

        assertThat(NativePassword.verify(utf8("secret"), nonce, proof)).isTrue();
        assertThat(NativePassword.verify(utf8("Secret"), nonce, proof)).isFalse();
        assertThat(NativePassword.verify(utf8("secret"), new Scramble(new SecureRandom()).next(), proof)).isFalse();
        assertThat(NativePassword.verify(utf8("secret"), nonce, new byte[0])).isFalse();
        assertThat(NativePassword.verify(new byte[0], nonce, new byte[0])).isTrue();
    }

    static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
