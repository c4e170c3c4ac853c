package io.tessera.admin.server;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.LoginVerifier;
import io.tessera.protocol.error.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks an admin client's login against the configured users: the address it comes from, then its password, as
 * the client port does; a database named at login is ignored. Every refusal is the same 1045. The users may be
 * replaced whole (a configuration reload); a login checks against the set it read first.
 */
final class AdminLogin implements LoginVerifier<AdminUser> {

    private volatile Map<String, AdminUser> users;

    AdminLogin(List<AdminUser> users) {
        replace(users);
    }

    /** @throws IllegalArgumentException when {@code users} is empty or names a user twice */
    void replace(List<AdminUser> replacement) {
        AdminSettings.checkUsers(replacement);
        Map<String, AdminUser> byName = new LinkedHashMap<>();
        for (AdminUser user : replacement) {
            byName.put(user.name(), user);
        }
        users = Map.copyOf(byName);
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
