package io.tessera.protocol.auth;

import static io.tessera.protocol.auth.NativePasswordTest.bytes;
import static io.tessera.protocol.auth.NativePasswordTest.utf8;
import static io.tessera.protocol.auth.NativePasswordTest.xor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CachingSha2PasswordTest {

    private static KeyPair serverKeys;
    private static String serverPem;

    @BeforeAll
    static void generateServerKeyPair() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        serverKeys = generator.generateKeyPair();
        // as the server sends it: SubjectPublicKeyInfo, base64 in 64-column lines
        serverPem = "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(serverKeys.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
    }

    @Test
    void matchesPublishedVectors() {
        // go-sql-driver/mysql auth_test.go, TestSHA256Pass
        byte[] nonce = bytes(10, 47, 74, 111, 75, 73, 34, 48, 88, 76, 114, 74, 37, 13, 3, 80, 82, 2, 23, 21);

        assertThat(HexFormat.of().formatHex(CachingSha2Password.scramble(utf8("secret"), nonce)))
                .isEqualTo("f490e76f66d9d86665ce54d98c78d0acfe2fb0b08b423da807144873d30b312c");
        assertThat(HexFormat.of().formatHex(CachingSha2Password.scramble(utf8("secret2"), nonce)))
                .isEqualTo("abc3934a012cf342e876071c8ee202de51785b430258a7a0138bc79c4d800bc6");
    }

    @Test
    void equalsTheManualsFormulaStepByStep() throws Exception {
        SecureRandom random = new SecureRandom();
        for (int i = 0; i < 50; i++) {
            byte[] password = new byte[1 + random.nextInt(40)];
            random.nextBytes(password);
            byte[] nonce = new Scramble(random).next();

            // SHA256(password) XOR SHA256(SHA256(SHA256(password)) || nonce)
            byte[] stage1 = MessageDigest.getInstance("SHA-256").digest(password);
            byte[] stage2 = MessageDigest.getInstance("SHA-256").digest(stage1);
            MessageDigest outer = MessageDigest.getInstance("SHA-256");
            outer.update(stage2);
            outer.update(nonce);
            byte[] expected = xor(stage1, outer.digest());

            assertThat(CachingSha2Password.scramble(password, nonce)).hasSize(32).containsExactly(expected);
        }
    }

    @Test
    void usesOnlyTheFirstTwentyNonceBytes() {
        byte[] nonce = new Scramble(new SecureRandom()).next();

        assertThat(CachingSha2Password.scramble(utf8("pw"), Arrays.copyOf(nonce, 21)))
                .containsExactly(CachingSha2Password.scramble(utf8("pw"), nonce));
    }

    @Test
    void emptyPasswordGivesEmptyProof() {
        assertThat(CachingSha2Password.scramble(new byte[0], new Scramble(new SecureRandom()).next())).isEmpty();
    }

    @Test
    void verifiesOnlyTheRightProof() {
        byte[] nonce = new Scramble(new SecureRandom()).next();
        byte[] proof = CachingSha2Password.scramble(utf8("secret"), nonce);

        assertThat(CachingSha2Password.verify(utf8("secret"), nonce, proof)).isTrue();
        assertThat(CachingSha2Password.verify(utf8("secret2"), nonce, proof)).isFalse();
        assertThat(CachingSha2Password.verify(utf8("secret"), nonce, NativePassword.scramble(utf8("secret"), nonce)))
                .isFalse();
    }

    @Test
    void encryptedPasswordDecryptsToPasswordAndNulXorNonce() throws Exception {
        byte[] nonce = new Scramble(new SecureRandom()).next();
        byte[] password = utf8("s3cret-pässword-longer-than-the-twenty-byte-nonce");

        byte[] encrypted = CachingSha2Password.encryptPassword(password, nonce, serverPem);

        assertThat(encrypted).hasSize(256);
        byte[] plain = decrypt(encrypted);
        for (int i = 0; i < plain.length; i++) {
            plain[i] ^= nonce[i % nonce.length];
        }
        byte[] expected = Arrays.copyOf(password, password.length + 1);
        assertThat(plain).containsExactly(expected);
    }

    @Test
    void encryptionXorsWithTwentyNonceBytesEvenWhenGivenTheTrailingNul() throws Exception {
        byte[] nonce = new Scramble(new SecureRandom()).next();
        byte[] password = utf8("abcdefghijklmnopqrstuvwxyz");

        byte[] plain = decrypt(CachingSha2Password.encryptPassword(password, Arrays.copyOf(nonce, 21), serverPem));

        for (int i = 0; i < plain.length; i++) {
            plain[i] ^= nonce[i % 20];
        }
        assertThat(plain).containsExactly(Arrays.copyOf(password, password.length + 1));
    }

    @Test
    void encryptionIsRandomized() {
        byte[] nonce = new Scramble(new SecureRandom()).next();

        assertThat(CachingSha2Password.encryptPassword(utf8("pw"), nonce, serverPem))
                .isNotEqualTo(CachingSha2Password.encryptPassword(utf8("pw"), nonce, serverPem));
    }

    @Test
    void rejectsAKeyThatIsNotAnRsaPublicKey() {
        String notAKey = "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n";

        assertThatThrownBy(() -> CachingSha2Password.encryptPassword(utf8("pw"), new byte[20], notAKey))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("server RSA public key: ");
    }

    private static byte[] decrypt(byte[] encrypted) throws Exception {
        Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
        cipher.init(Cipher.DECRYPT_MODE, serverKeys.getPrivate());
        return cipher.doFinal(encrypted);
    }
}
