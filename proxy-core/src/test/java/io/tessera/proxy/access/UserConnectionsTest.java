package io.tessera.proxy.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.UserConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class UserConnectionsTest {

    private static UserConfig user(String name, int benchmark) {
        return new UserConfig(name, "pw", List.of("TESTDB"), null, false, benchmark, false, false,
                PrivilegesConfig.NONE, false);
    }

    @Test
    void aUserMayHoldItsBenchmarkConnectionsAndOneMoreOnceOneHasLeft() {
        UserConnections connections = new UserConnections();
        UserConfig capped = user("capped", 2);
        connections.admit(capped);
        connections.admit(capped);
        assertThatThrownBy(() -> connections.admit(capped)).isInstanceOfSatisfying(TesseraException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(1040);
            assertThat(e.sqlState()).isEqualTo("08004");
            assertThat(e.getMessage()).isEqualTo("Too many connections: user 'capped' may hold 2 at once (benchmark"
                    + " in server.xml)");
        });
        assertThat(connections.count("capped")).isEqualTo(2);
        connections.left("capped");
        connections.admit(capped);
        assertThat(connections.count("capped")).isEqualTo(2);
    }

    @Test
    void withoutABenchmarkThereIsNoLimitAndUsersCountApart() {
        UserConnections connections = new UserConnections();
        for (int i = 0; i < 100; i++) {
            connections.admit(user("free", 0));
        }
        connections.admit(user("capped", 1));
        assertThat(connections.count("free")).isEqualTo(100);
        assertThat(connections.count("capped")).isEqualTo(1);
        assertThat(connections.count("nobody")).isZero();
    }
}
