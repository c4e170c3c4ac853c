package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With no user marked {@code manager}, every server.xml user may log in to the admin port, as in MyCat 1.6 (the
 * white-list case, with a manager, is {@link FirewallHostsIT}).
 */
@Tag("integration")
class AdminRightsIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    private static Connection admin(String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + tessera.adminPort()
                + "/?useSSL=false&allowPublicKeyRetrieval=true", user, password);
    }

    @Test
    void withNoManagerEveryUserMayLogInToTheAdminPort() throws SQLException {
        for (String user : new String[] {"test", "other"}) {
            try (Connection c = admin(user, user)) {
                assertThat(Rows.fetchAll(c, "show @@version")).as(user).hasSize(1);
            }
        }
    }
}
