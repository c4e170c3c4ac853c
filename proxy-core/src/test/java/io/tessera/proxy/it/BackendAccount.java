package io.tessera.proxy.it;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Locale;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An account on the {@link DataHosts} server for Tessera to reach it with, with a password, so that a test can look
 * for that password and its hash in what clients read: created before the class's tests (register it before
 * {@link RunningTessera}, with a lower {@code @Order}) and dropped after them. It may use the databases of the test
 * class ({@link DataHosts#databaseName}) and nothing else.
 */
final class BackendAccount implements BeforeAllCallback, AfterAllCallback {

    private final String user;
    private final String password;

    BackendAccount(String user, String password) {
        this.user = user;
        this.password = password;
    }

    String user() {
        return user;
    }

    String password() {
        return password;
    }

    /** The password as {@code mysql_native_password} stores it: {@code *} and SHA1(SHA1(password)) in upper hex. */
    String nativePasswordHash() {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] once = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
            return "*" + HexFormat.of().formatHex(sha1.digest(once)).toUpperCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws SQLException {
        String databases = DataHosts.databaseName(context.getRequiredTestClass(), "").replace("_", "\\_") + "%";
        DataHosts hosts = DataHosts.get();
        for (String host : new String[] {"127.0.0.1", "%"}) {
            String account = "'" + user + "'@'" + host + "'";
            hosts.execute("DROP USER IF EXISTS " + account, "CREATE USER " + account + " IDENTIFIED BY '" + password
                    + "'", "GRANT ALL PRIVILEGES ON `" + databases + "`.* TO " + account);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws SQLException {
        DataHosts.get().execute("DROP USER IF EXISTS '" + user + "'@'127.0.0.1'", "DROP USER IF EXISTS '" + user
                + "'@'%'");
    }
}
