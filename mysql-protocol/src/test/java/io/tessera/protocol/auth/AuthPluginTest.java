package io.tessera.protocol.auth;

import static io.tessera.protocol.auth.NativePasswordTest.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

class AuthPluginTest {

    @Test
    void findsPluginsByTheirProtocolNames() {
        assertThat(AuthPlugin.byName("mysql_native_password")).isEqualTo(AuthPlugin.MYSQL_NATIVE_PASSWORD);
        assertThat(AuthPlugin.byName("caching_sha2_password")).isEqualTo(AuthPlugin.CACHING_SHA2_PASSWORD);
        assertThat(AuthPlugin.byName("sha256_password")).isNull();
        assertThat(AuthPlugin.byName(null)).isNull();
    }

    @Test
    void scramblesWithTheMatchingFunction() {
        byte[] nonce = new Scramble(new SecureRandom()).next();

        assertThat(AuthPlugin.MYSQL_NATIVE_PASSWORD.scramble(utf8("pw"), nonce))
                .containsExactly(NativePassword.scramble(utf8("pw"), nonce));
        assertThat(AuthPlugin.CACHING_SHA2_PASSWORD.scramble(utf8("pw"), nonce))
                .containsExactly(CachingSha2Password.scramble(utf8("pw"), nonce));
    }
}
