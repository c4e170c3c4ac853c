package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.proxy.config.DataHostConfig.DbDriver;
import org.junit.jupiter.api.Test;

class BackendUrlTest {

    @Test
    void readsHostAndPortForTheNativeDriver() throws Exception {
        assertThat(BackendUrl.parse(DbDriver.NATIVE, "127.0.0.1:3306")).isEqualTo(new BackendUrl("127.0.0.1", 3306));
        assertThat(BackendUrl.parse(DbDriver.NATIVE, " db1.example.com : 3307 "))
                .isEqualTo(new BackendUrl("db1.example.com", 3307));
        assertThat(BackendUrl.parse(DbDriver.NATIVE, "[::1]:3306")).isEqualTo(new BackendUrl("::1", 3306));
        assertThat(BackendUrl.parse(DbDriver.NATIVE, "[fe80::1%eth0]:65535"))
                .isEqualTo(new BackendUrl("fe80::1%eth0", 65_535));
    }

    @Test
    void refusesAnythingButHostColonPortForTheNativeDriver() {
        for (String url : new String[] {"localhost", ":3306", "host:", "host:port", "host:0", "host:65536", "::1:3306",
                "[::1]", "[::1]3306", "[]:3306", "jdbc:mysql://h:3306"}) {
            assertThatThrownBy(() -> BackendUrl.parse(DbDriver.NATIVE, url)).as(url)
                    .isInstanceOf(InvalidValueException.class)
                    .hasMessage("expected host:port with a port 1..65535 (dbDriver=\"native\"), e.g. 127.0.0.1:3306"
                            + " or [::1]:3306");
        }
    }

    @Test
    void readsHostAndPortFromJdbcUrlsAsMycatDoes() throws Exception {
        assertThat(BackendUrl.parse(DbDriver.JDBC, "jdbc:mysql://localhost:3306/db?useSSL=false"))
                .isEqualTo(new BackendUrl("localhost", 3306));
        assertThat(BackendUrl.parse(DbDriver.JDBC, "jdbc:mysql://localhost"))
                .isEqualTo(new BackendUrl("localhost", -1));
        assertThat(BackendUrl.parse(DbDriver.JDBC, "jdbc:oracle:thin:@127.0.0.1:1521:orcl"))
                .isEqualTo(new BackendUrl("", -1));
    }

    @Test
    void refusesNonJdbcUrlsForTheJdbcDriver() {
        assertThatThrownBy(() -> BackendUrl.parse(DbDriver.JDBC, "mongodb://192.168.0.99/test"))
                .hasMessage("expected a JDBC URL (jdbc:...) with dbDriver=\"jdbc\"");
        assertThatThrownBy(() -> BackendUrl.parse(DbDriver.JDBC, "jdbc:mysql://bad host:3306"))
                .hasMessageStartingWith("not a valid JDBC URL: ");
    }
}
