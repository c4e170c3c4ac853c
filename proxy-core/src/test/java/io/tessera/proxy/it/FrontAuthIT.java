package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mysql.cj.jdbc.JdbcConnection;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Logins with either plugin offered first: a client that starts with the other one is switched over with an
 * AuthSwitchRequest, and caching_sha2_password always ends on its fast path (no RSA, no TLS needed).
 */
@Tag("integration")
class FrontAuthIT {

    @Nested
    class NativeOfferedFirst {

        @RegisterExtension
        static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

        @Test
        void aClientStartingWithCachingSha2IsSwitchedToNativePassword() throws SQLException {
            String url = tessera.jdbcUrl("TESTDB") + "?defaultAuthenticationPlugin=caching_sha2_password";
            try (Connection c = DriverManager.getConnection(url, "test", "test")) {
                assertThat(Rows.fetchAll(c, "SELECT DATABASE()")).containsExactly(List.of("TESTDB"));
            }
            assertThatThrownBy(() -> DriverManager.getConnection(url, "test", "wrong").close())
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
        }
    }

    @Nested
    class CachingSha2OfferedFirst {

        @RegisterExtension
        static final RunningTessera tessera = RunningTessera.withConf("it/conf/sha2-auth");

        @Test
        void everyDriverLogsInAndAWrongPasswordIsRefused() throws SQLException {
            for (JdbcDriver driver : JdbcDriver.all()) {
                try (Connection c = driver.connect("127.0.0.1", tessera.port(), "TESTDB", "test", "test")) {
                    assertThat(Rows.fetchAll(c, "SELECT USER()").get(0).get(0).toString()).as(driver.name())
                            .startsWith("test@");
                }
                assertThatThrownBy(() -> driver.connect("127.0.0.1", tessera.port(), "TESTDB", "test", "nope")
                        .close()).as(driver.name())
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
            }
        }

        @Test
        void changeUserEndsOnTheFastPathToo() throws SQLException {
            for (String plugin : List.of("caching_sha2_password", "mysql_native_password")) {
                String url = tessera.jdbcUrl(null) + "?defaultAuthenticationPlugin=" + plugin;
                try (Connection c = DriverManager.getConnection(url, "test", "test")) {
                    c.unwrap(JdbcConnection.class).changeUser("other", "other");
                    assertThat(Rows.fetchAll(c, "SELECT CURRENT_USER(), DATABASE()")).as(plugin)
                            .containsExactly(List.of("other@%", "OTHERDB"));
                    assertThatThrownBy(() -> c.unwrap(JdbcConnection.class).changeUser("test", "nope")).as(plugin)
                            .isInstanceOfSatisfying(SQLException.class,
                                    e -> assertThat(e.getErrorCode()).isEqualTo(1045));
                }
            }
        }
    }
}
