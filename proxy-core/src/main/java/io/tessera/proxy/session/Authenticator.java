package io.tessera.proxy.session;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.LoginVerifier;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.FirewallConfig;
import io.tessera.proxy.config.UserConfig;
import io.tessera.router.model.SchemaCatalog;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;

/**
 * Checks a client's login against server.xml, in MyCat's order: the firewall's white list, then the password, then
 * the database; and which schemas a user may use.
 */
public final class Authenticator implements LoginVerifier<UserConfig> {

    private final Map<String, UserConfig> users;
    private final FirewallConfig firewall;
    private final SchemaCatalog catalog;

    public Authenticator(Map<String, UserConfig> users, FirewallConfig firewall, SchemaCatalog catalog) {
        this.users = users;
        this.firewall = firewall;
        this.catalog = catalog;
    }

    /**
     * The user, when the white list lets it in from {@code host}, {@code response} proves knowledge of its password
     * for {@code nonce} under {@code plugin}, and it may use {@code database}.
     *
     * @throws TesseraException 1045 for an unknown user, a host the white list does not allow for the user, or a
     *     wrong password (the same error, as MySQL does not say which), 1049 or 1044 for the database
     */
    @Override
    public UserConfig verify(String userName, String host, AuthPlugin plugin, byte[] nonce, byte[] response,
            String database) {
        UserConfig user = users.get(userName);
        boolean ok = false;
        if (user != null && firewall.allowsLogin(userName, host)) {
            byte[] password = user.password() == null ? new byte[0] : user.password().getBytes(StandardCharsets.UTF_8);
            ok = MessageDigest.isEqual(plugin.scramble(password, nonce), response);
        }
        if (!ok) {
            throw ErrorCode.ACCESS_DENIED_ERROR.exception(userName, host, response.length == 0 ? "NO" : "YES");
        }
        if (database != null) {
            checkSchema(user, host, database);
        }
        return user;
    }

    /**
     * Checks that {@code user} may use {@code schema}.
     *
     * @throws TesseraException 1049 for a schema that does not exist, 1044 for one the user may not use
     */
    public void checkSchema(UserConfig user, String host, String schema) {
        if (catalog.schema(schema).isEmpty()) {
            throw ErrorCode.BAD_DB_ERROR.exception(schema);
        }
        if (!user.schemas().contains(schema)) {
            throw ErrorCode.DBACCESS_DENIED_ERROR.exception(user.name(), host, schema);
        }
    }
}
