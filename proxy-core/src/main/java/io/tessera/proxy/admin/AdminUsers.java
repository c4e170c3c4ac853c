package io.tessera.proxy.admin;

import io.tessera.admin.server.AdminUser;
import io.tessera.proxy.config.FirewallConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.config.UserConfig;
import java.util.Collection;
import java.util.List;

/**
 * Who may log in to the admin port: every server.xml user, with its password and, under a {@code <whitehost>}, only
 * from the addresses the white list allows it, as on the client port. The users marked
 * {@code <property name="manager">true</property>} may run the commands that change the server; when none is, every
 * user may (MyCat 1.6's rule, which {@code bin/tessera check} warns about).
 */
public final class AdminUsers {

    private AdminUsers() {
    }

    public static List<AdminUser> of(TesseraConfig config) {
        Collection<UserConfig> users = config.users().values();
        boolean anyMarked = users.stream().anyMatch(UserConfig::manager);
        FirewallConfig firewall = config.firewall();
        return users.stream()
                .map(user -> new AdminUser(user.name(), user.password(),
                        host -> firewall.allowsLogin(user.name(), host), !anyMarked || user.manager()))
                .toList();
    }
}
