package io.tessera.protocol.auth;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * {@code mysql_native_password}: {@code SHA1(pw) XOR SHA1(nonce || SHA1(SHA1(pw)))} (MySQL manual: "Native
 * Authentication"). Only the first 20 nonce bytes count.
 */
public final class NativePassword {

    private NativePassword() {
    }

    public static byte[] scramble(byte[] password, byte[] nonce) {
        if (password.length == 0) {
            return new byte[0];
        }
        MessageDigest sha1 = sha1();
        byte[] stage1 = sha1.digest(password);
        byte[] stage2 = sha1.digest(stage1);
        sha1.update(nonce, 0, Math.min(nonce.length, Scramble.LENGTH));
        sha1.update(stage2);
        byte[] mask = sha1.digest();
        for (int i = 0; i < mask.length; i++) {
            mask[i] ^= stage1[i];
        }
        return mask;
    }

    /** Constant-time check of a client's response. */
    public static boolean verify(byte[] password, byte[] nonce, byte[] response) {
        return MessageDigest.isEqual(scramble(password, nonce), response);
    }

    private static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-1", e);
        }
    }
}
