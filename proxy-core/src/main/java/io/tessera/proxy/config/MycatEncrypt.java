package io.tessera.proxy.config;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Cipher;

/**
 * The text {@code usingDecrypt="1"} expects, as MyCat 1.6's {@code io.mycat.util.DecryptUtil} writes it (through
 * Druid's {@code ConfigTools.encrypt}): {@code 0:user:password} for a {@code <user>}, {@code 1:host:user:password} for
 * a {@code <writeHost>} or {@code <readHost>}, encrypted with RSA (PKCS#1 v1.5) under the private half of Druid's
 * default key pair, in Base64. {@link MycatDecrypt} reads it back, and so does MyCat. The padding of a private-key
 * encryption is fixed, so the same text always gives the same value.
 *
 * <p>The private key ships in every Druid jar, so this hides a password from a casual look and nothing more; it is
 * written here rather than taken from Druid, whose types stay in sql-router.
 */
public final class MycatEncrypt {

    /** Druid's {@code ConfigTools.DEFAULT_PRIVATE_KEY_STRING}: PKCS#8 encoding of a 512-bit RSA private key. */
    static final String MYCAT_PRIVATE_KEY = "MIIBVAIBADANBgkqhkiG9w0BAQEFAASCAT4wggE6AgEAAkEAocbCrurZGbC5GArEHKlAfD"
            + "SZi7gFBnd4yxOt0rwTqKBFzGyhtQLu5PRKjEiOXVa95aeIIBJ6OhC2f8FjqFUpawIDAQABAkAPejKaBYHrwUqUEEOe8lpnB6lBAsQ"
            + "IUFnQI/vXU4MV+MhIzW0BLVZCiarIQqUXeOhThVWXKFt8GxCykrrUsQ6BAiEA4vMVxEHBovz1di3aozzFvSMdsjTcYRRo82hS5Ru2/"
            + "OECIQC2fAPoXixVTVY7bNMeuxCP4954ZkXp7fEPDINCjcQDywIgcc8XLkkPcs3Jxk7uYofaXaPbg39wuJpEmzPIxi3k0OECIGubmdp"
            + "Onin3HuCP/bbjbJLNNoUdGiEmFL5hDI4UdwAdAiEAtcAwbm08bKN7pwwvyqaCBC//VnEWaq39DCzxr+Z2EIk=";

    /** What RSA with PKCS#1 v1.5 padding encrypts under a 512-bit key: 64 bytes less 11 of padding. */
    private static final int MAX_PLAIN_BYTES = 53;

    private MycatEncrypt() {
    }

    /**
     * The {@code password} property of {@code <user name="user">} with {@code usingDecrypt} 1.
     *
     * @throws IllegalArgumentException for a password MyCat cannot decrypt (empty, or with a {@code ':'}) or a user
     *     name with a {@code ':'}
     */
    public static String userPassword(String user, String password) {
        return encrypt("0:" + field("user name", user) + ":" + password(password));
    }

    /**
     * The {@code password} attribute of {@code <writeHost host="host" user="user">} (or a {@code <readHost>}) with
     * {@code usingDecrypt="1"}.
     *
     * @throws IllegalArgumentException as {@link #userPassword}, and for a host with a {@code ':'}
     */
    public static String hostPassword(String host, String user, String password) {
        return encrypt("1:" + field("host", host) + ":" + field("user name", user) + ":" + password(password));
    }

    /** MyCat splits the decrypted text at every ':' and compares the fields with the element's. */
    private static String field(String what, String value) {
        if (value.isEmpty()) {
            throw new IllegalArgumentException("the " + what + " is empty");
        }
        if (value.indexOf(':') >= 0) {
            throw new IllegalArgumentException("the " + what + " contains ':', which MyCat 1.6 cannot decrypt");
        }
        return value;
    }

    private static String password(String password) {
        if (password.isEmpty()) {
            throw new IllegalArgumentException("the password is empty, which MyCat 1.6 cannot decrypt");
        }
        if (password.indexOf(':') >= 0) {
            throw new IllegalArgumentException("the password contains ':', which MyCat 1.6 cannot decrypt");
        }
        return password;
    }

    private static String encrypt(String plainText) {
        byte[] plain = plainText.getBytes(StandardCharsets.UTF_8);
        if (plain.length > MAX_PLAIN_BYTES) {
            throw new IllegalArgumentException("the text to encrypt (" + plainText.substring(0, 2) + "...:<password>)"
                    + " is " + plain.length + " bytes, and MyCat's 512-bit key encrypts at most " + MAX_PLAIN_BYTES);
        }
        try {
            PrivateKey key = KeyFactory.getInstance("RSA")
                    .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(MYCAT_PRIVATE_KEY)));
            Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
            cipher.init(Cipher.ENCRYPT_MODE, key);
            return Base64.getEncoder().encodeToString(cipher.doFinal(plain));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA is not available in this JVM: " + e.getMessage(), e);
        }
    }
}
