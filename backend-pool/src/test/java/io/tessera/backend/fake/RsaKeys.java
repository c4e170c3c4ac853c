package io.tessera.backend.fake;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import javax.crypto.Cipher;

/** The server side of caching_sha2_password full authentication, with a key pair made for the test. */
public final class RsaKeys {

    private final KeyPair keyPair;

    public RsaKeys() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            this.keyPair = generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The public key as a server sends it: PEM, "BEGIN PUBLIC KEY". */
    public String publicKeyPem() {
        String base64 = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(keyPair.getPublic().getEncoded());
        return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
    }

    /** Decrypts what the client sent and undoes the XOR with the nonce: the password and a NUL, if all went well. */
    public byte[] decryptPassword(byte[] encrypted, byte[] nonce) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
            cipher.init(Cipher.DECRYPT_MODE, keyPair.getPrivate());
            byte[] plain = cipher.doFinal(encrypted);
            for (int i = 0; i < plain.length; i++) {
                plain[i] ^= nonce[i % nonce.length];
            }
            return plain;
        } catch (GeneralSecurityException e) {
            return new byte[0];
        }
    }
}
