package io.tessera.proxy.admin;

import io.tessera.admin.server.AdminUser;
import io.tessera.proxy.config.FirewallConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.config.UserConfig;
import java.util.Collection;
import java.util.List;

/**
 * Who may log in to the admin port: the server.xml users marked {@code <property name="manager">true</property>}, or
 * every user when none is (MyCat 1.6 lets every user in, and {@code bin/tessera check} warns about it); each with its
 * password and, under a {@code <whitehost>}, only from the addresses the white list allows it, as on the client port.
 */
public final class AdminUsers {

    private AdminUsers() {
    }

    public static List<AdminUser> of(TesseraConfig config) {
        Collection<UserConfig> users = config.users().values();
        boolean anyMarked = users.stream().anyMatch(UserConfig::manager);
        FirewallConfig firewall = config.firewall();
        return users.stream()
                .filter(user -> !anyMarked || user.manager())
                .map(user -> new AdminUser(user.name(), user.password(),
                        host -> firewall.allowsLogin(user.name(), host)))
                .toList();
    }
}
