package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TargetTest {

    @Test
    void aRelayKeepsTheDatabaseUserAndOptions() {
        assertThat(Target.throughPort("jdbc:mysql://127.0.0.1:3306/db1?user=root&useSSL=false", 40123))
                .isEqualTo("jdbc:mysql://127.0.0.1:40123/db1?user=root&useSSL=false");
        assertThat(Target.throughPort("jdbc:mariadb://localhost/db1", 5)).isEqualTo("jdbc:mariadb://127.0.0.1:5/db1");
        assertThat(Target.address("jdbc:mysql://127.0.0.2:3307/x").getPort()).isEqualTo(3307);
    }

    @Test
    void saysWhenAUrlHasNoHost() {
        assertThatThrownBy(() -> Target.address("mysql:nothing")).hasMessageStartingWith(
                "cannot find the host and port in mysql:nothing");
    }
}
