package io.tessera.protocol.auth;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Cipher;

/**
 * {@code caching_sha2_password} (MySQL manual: "Caching SHA-2 Pluggable Authentication"): the fast-path proof
 * {@code SHA256(pw) XOR SHA256(SHA256(SHA256(pw)) || nonce)} and, for full authentication without TLS, the
 * password encrypted with the server's RSA public key.
 */
public final class CachingSha2Password {

    /** AuthMoreData status byte: the server found the password in its cache. */
    public static final int FAST_AUTH_SUCCESS = 0x03;
    /** AuthMoreData status byte: the server wants the password itself (over TLS, or RSA-encrypted). */
    public static final int PERFORM_FULL_AUTHENTICATION = 0x04;
    /** The client's request for the server's RSA public key. */
    public static final int REQUEST_PUBLIC_KEY = 0x02;

    private CachingSha2Password() {
    }

    public static byte[] scramble(byte[] password, byte[] nonce) {
        if (password.length == 0) {
            return new byte[0];
        }
        MessageDigest sha256 = sha256();
        byte[] stage1 = sha256.digest(password);
        byte[] stage2 = sha256.digest(stage1);
        sha256.update(stage2);
        sha256.update(nonce, 0, Math.min(nonce.length, Scramble.LENGTH));
        byte[] mask = sha256.digest();
        for (int i = 0; i < mask.length; i++) {
            mask[i] ^= stage1[i];
        }
        return mask;
    }

    public static boolean verify(byte[] password, byte[] nonce, byte[] response) {
        return MessageDigest.isEqual(scramble(password, nonce), response);
    }

    /**
     * The password for full authentication: {@code (password || NUL) XOR nonce} (repeated), encrypted with the
     * server's PEM public key using RSA/ECB/OAEPWithSHA-1AndMGF1Padding, as the server expects since 8.0.5.
     */
    public static byte[] encryptPassword(byte[] password, byte[] nonce, String pemPublicKey) {
        byte[] plain = new byte[password.length + 1];
        System.arraycopy(password, 0, plain, 0, password.length);
        int n = Math.min(nonce.length, Scramble.LENGTH);
        for (int i = 0; i < plain.length; i++) {
            plain[i] ^= nonce[i % n];
        }
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
            cipher.init(Cipher.ENCRYPT_MODE, parsePublicKey(pemPublicKey));
            return cipher.doFinal(plain);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("server RSA public key: " + e.getMessage(), e);
        }
    }

    static PublicKey parsePublicKey(String pem) throws GeneralSecurityException {
        String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
