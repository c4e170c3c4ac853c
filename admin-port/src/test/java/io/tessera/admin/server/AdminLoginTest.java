package io.tessera.admin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.error.TesseraException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdminLoginTest {

    private static final byte[] NONCE = "0123456789abcdefghij".getBytes(StandardCharsets.US_ASCII);
    private static final AdminUser ROOT = new AdminUser("root", "s3cret", host -> host.equals("127.0.0.1"));
    private static final AdminLogin LOGIN = new AdminLogin(List.of(ROOT, new AdminUser("any", "pw")));

    private static byte[] proof(String password) {
        return AuthPlugin.MYSQL_NATIVE_PASSWORD.scramble(password.getBytes(StandardCharsets.UTF_8), NONCE);
    }

    private static AdminUser login(String user, String host, String password) {
        return LOGIN.verify(user, host, AuthPlugin.MYSQL_NATIVE_PASSWORD, NONCE, proof(password), null);
    }

    @Test
    void letsAUserInFromAnAddressItMayUseWithItsPassword() {
        assertThat(login("root", "127.0.0.1", "s3cret")).isSameAs(ROOT);
        assertThat(login("any", "10.1.2.3", "pw").name()).isEqualTo("any"); // no address rule: from anywhere
    }

    @Test
    void refusesAnotherAddressWithTheErrorOfAWrongPassword() {
        String wrongPassword = refusal("root", "127.0.0.2", "nope");
        assertThat(refusal("root", "127.0.0.2", "s3cret")).isEqualTo(wrongPassword)
                .isEqualTo("1045 28000 Access denied for user 'root'@'127.0.0.2' (using password: YES)");
        assertThat(refusal("root", "127.0.0.1", "nope"))
                .isEqualTo("1045 28000 Access denied for user 'root'@'127.0.0.1' (using password: YES)");
        assertThat(refusal("nobody", "127.0.0.1", "s3cret"))
                .isEqualTo("1045 28000 Access denied for user 'nobody'@'127.0.0.1' (using password: YES)");
    }

    private static String refusal(String user, String host, String password) {
        Throwable thrown = catchThrowable(() -> login(user, host, password));
        assertThat(thrown).isInstanceOf(TesseraException.class);
        TesseraException e = (TesseraException) thrown;
        return e.errorCode() + " " + e.sqlState() + " " + e.getMessage();
    }

    @Test
    void anAccountNeedsAnAddressRule() {
        assertThatThrownBy(() -> new AdminUser("root", "pw", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("allowedFrom");
        assertThat(new AdminUser("root", "pw", host -> false)).hasToString("AdminUser[name=root, password=****, manager=true]");
    }
}
