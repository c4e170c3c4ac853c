package io.tessera.admin.server;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.LoginVerifier;
import io.tessera.protocol.error.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;

/**
 * Checks an admin client's login against the configured users: the address it comes from, then its password, as
 * the client port does; a database named at login is ignored. Every refusal is the same 1045.
 */
final class AdminLogin implements LoginVerifier<AdminUser> {

    private final Map<String, AdminUser> users;

    AdminLogin(Map<String, AdminUser> users) {
        this.users = users;
    }

    @Override
    public AdminUser verify(String userName, String host, AuthPlugin plugin, byte[] nonce, byte[] response,
            String database) {
        AdminUser user = users.get(userName);
        if (user == null || !user.allowedFrom().test(host) || !MessageDigest.isEqual(
                plugin.scramble(user.password().getBytes(StandardCharsets.UTF_8), nonce), response)) {
            throw ErrorCode.ACCESS_DENIED_ERROR.exception(userName, host, response.length == 0 ? "NO" : "YES");
        }
        return user;
    }
}
