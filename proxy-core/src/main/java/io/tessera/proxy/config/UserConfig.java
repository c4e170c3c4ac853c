package io.tessera.proxy.config;

import java.util.List;
import java.util.Objects;

/**
 * A server.xml {@code <user>}: an account clients log in with.
 *
 * @param name the login name
 * @param password the password in clear text (decrypted when {@code usingDecrypt} is set); empty for none.
 *     {@link #toString()} masks it
 * @param schemas the logical schemas the user may use, in document order; empty when the {@code schemas}
 *     property is not written (MyCat 1.6 then lets the user use every schema)
 * @param defaultSchema schema used when a client names none; null when not set
 * @param readOnly the user may only read
 * @param benchmark most concurrent connections of this user; 0 for no limit
 * @param defaultAccount the account used for a password-less login when {@code nonePasswordLogin} is 1
 * @param usingDecrypt the password was written encrypted
 * @param privileges table-level DML privileges
 * @param manager the user may log in to the admin port when any user is so marked ({@code <property
 *     name="manager">true</property>}, Tessera's addition after DBLE's {@code manager="true"}); when none is, every
 *     user may, as in MyCat 1.6
 */
public record UserConfig(
        String name,
        String password,
        List<String> schemas,
        String defaultSchema,
        boolean readOnly,
        int benchmark,
        boolean defaultAccount,
        boolean usingDecrypt,
        PrivilegesConfig privileges,
        boolean manager) {

    public UserConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(password, "password");
        schemas = List.copyOf(schemas);
        Objects.requireNonNull(privileges, "privileges");
        if (benchmark < 0) {
            throw new IllegalArgumentException("benchmark: " + benchmark + " (expected: >= 0)");
        }
    }

    @Override
    public String toString() {
        return "UserConfig[name=" + name + ", password=" + Masking.MASK + ", schemas=" + schemas
                + ", defaultSchema=" + defaultSchema + ", readOnly=" + readOnly + ", benchmark=" + benchmark
                + ", defaultAccount=" + defaultAccount + ", usingDecrypt=" + usingDecrypt
                + ", privileges=" + privileges + ", manager=" + manager + "]";
    }
}
