package io.tessera.proxy.config;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import javax.crypto.Cipher;

/**
 * MyCat 1.6's {@code usingDecrypt="1"} passwords ({@code io.mycat.util.DecryptUtil}): the configured value is
 * Base64 of text encrypted with RSA (PKCS#1 v1.5) under the private half of a key pair whose public half is
 * compiled into MyCat, so anyone can decrypt it; it hides a password from a casual look, nothing more. The
 * plain text says what it is for: {@code 0:user:password} for a {@code <user>} and
 * {@code 1:host:user:password} for a {@code <writeHost>} or {@code <readHost>}, where host is the element's
 * {@code host} attribute.
 *
 * <p>MyCat splits the plain text at every {@code ':'} and takes one field, so a password that contains
 * {@code ':'}, or is empty, cannot be used that way; Tessera reports both instead of guessing.
 */
final class MycatDecrypt {

    /** MyCat's {@code DecryptUtil.DEFAULT_PUBLIC_KEY_STRING}: X.509 encoding of a 512-bit RSA public key. */
    static final String MYCAT_PUBLIC_KEY = "MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKHGwq7q2RmwuRgKxBypQHw0mYu4BQZ3eMsTrdK8E6"
            + "igRcxsobUC7uT0SoxIjl1WveWniCASejoQtn/BY6hVKWsCAwEAAQ==";

    private MycatDecrypt() {
    }

    /** The password of {@code <user name="user">} from its encrypted {@code password} property. */
    static String userPassword(String user, String cipherText) throws InvalidValueException {
        List<String> fields = fields(cipherText);
        if (fields.size() < 3 || !fields.get(0).equals("0") || !fields.get(1).equals(user)) {
            throw new InvalidValueException("decrypts to something other than \"0:" + user + ":<password>\"");
        }
        return password(fields, 3);
    }

    /** The password of a {@code <writeHost>} or {@code <readHost>} from its encrypted {@code password}. */
    static String hostPassword(String host, String user, String cipherText) throws InvalidValueException {
        List<String> fields = fields(cipherText);
        if (fields.size() < 4 || !fields.get(0).equals("1") || !fields.get(1).equals(host)
                || !fields.get(2).equals(user)) {
            throw new InvalidValueException("decrypts to something other than \"1:" + host + ":" + user
                    + ":<password>\"");
        }
        return password(fields, 4);
    }

    private static String password(List<String> fields, int count) throws InvalidValueException {
        if (fields.size() > count) {
            throw new InvalidValueException("the encrypted password contains ':', which MyCat 1.6 cannot decrypt");
        }
        String password = fields.get(count - 1);
        if (password.isEmpty()) {
            throw new InvalidValueException("the encrypted password is empty, which MyCat 1.6 cannot decrypt");
        }
        return password;
    }

    /** Decrypts and splits at every ':', keeping empty fields. */
    private static List<String> fields(String cipherText) throws InvalidValueException {
        byte[] plain;
        try {
            byte[] cipherBytes = Base64.getDecoder().decode(cipherText.trim());
            PublicKey key = KeyFactory.getInstance("RSA")
                    .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(MYCAT_PUBLIC_KEY)));
            Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
            cipher.init(Cipher.DECRYPT_MODE, key);
            plain = cipher.doFinal(cipherBytes);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            throw new InvalidValueException("is not encrypted with MyCat's key (see MyCat's DecryptUtil)");
        }
        return List.of(new String(plain, StandardCharsets.UTF_8).split(":", -1));
    }
}
