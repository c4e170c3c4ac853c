package io.tessera.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EncryptCommandTest {

    /** "0:root:123456" under MyCat's key (MycatDecryptTest). */
    private static final String USER_ROOT = "GO0bnFVWrAuFgr1JMuMZkvfDNyTpoiGU7n/Wlsa151CirHQnANVk3NzE3FErx8v6pAcO0ctX3"
            + "xFecmSr+976QA==";
    /** "1:hostM1:root:123456", as MyCat's DecryptUtil prints it. */
    private static final String HOST_M1_ROOT = "BpkNIjF7LfzS1C76HT7B1bJgmGIDtPihqIvHBlC92L1IFqsMfoJEMk1EkxSzjasWB4GWoUc"
            + "ODYO4AaJstdAp5w==";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private int passwordReads;

    private int run(String stdin, String... args) {
        return EncryptCommand.run(args, () -> {
            passwordReads++;
            return stdin;
        }, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsTheValueAloneForAUserAndForAHost() {
        assertThat(run(null, "user", "root", "123456")).isEqualTo(EncryptCommand.OK);
        assertThat(run(null, "host", "hostM1", "root", "123456")).isEqualTo(EncryptCommand.OK);

        assertThat(out().lines()).containsExactly(USER_ROOT, HOST_M1_ROOT);
        assertThat(err()).isEmpty();
        assertThat(passwordReads).isZero();
    }

    @Test
    void readsThePasswordWhenTheCommandLineHasNone() {
        assertThat(run("123456", "user", "root")).isEqualTo(EncryptCommand.OK);
        assertThat(run("123456", "host", "hostM1", "root")).isEqualTo(EncryptCommand.OK);

        assertThat(out().lines()).containsExactly(USER_ROOT, HOST_M1_ROOT);
        assertThat(passwordReads).isEqualTo(2);
    }

    @Test
    void refusesAPasswordMycatCannotCarryAndPrintsNothing() {
        assertThat(run(null, "user", "root", "pa:ss")).isEqualTo(EncryptCommand.INVALID);
        assertThat(run("", "user", "root")).isEqualTo(EncryptCommand.INVALID);
        assertThat(run(null, "user", "root")).isEqualTo(EncryptCommand.INVALID);

        assertThat(out()).isEmpty();
        assertThat(err().lines()).containsExactly(
                "tessera encrypt: the password contains ':', which MyCat 1.6 cannot decrypt",
                "tessera encrypt: the password is empty, which MyCat 1.6 cannot decrypt",
                "tessera encrypt: no password given, and none on standard input");
    }

    @Test
    void aReadFailureIsReported() {
        int status = EncryptCommand.run(new String[] {"user", "root"}, () -> {
            throw new IOException("closed");
        }, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(EncryptCommand.INVALID);
        assertThat(err()).isEqualTo("tessera encrypt: cannot read the password: closed" + System.lineSeparator());
    }

    @Test
    void wrongArgumentsGetTheUsage() {
        assertThat(run(null)).isEqualTo(EncryptCommand.USAGE);
        assertThat(run(null, "schema", "x", "y")).isEqualTo(EncryptCommand.USAGE);
        assertThat(run(null, "user")).isEqualTo(EncryptCommand.USAGE);
        assertThat(run(null, "user", "root", "pw", "extra")).isEqualTo(EncryptCommand.USAGE);
        assertThat(run(null, "host", "hostM1")).isEqualTo(EncryptCommand.USAGE);

        assertThat(out()).isEmpty();
        assertThat(err()).startsWith("usage: tessera encrypt user NAME [PASSWORD]");
        assertThat(passwordReads).isZero();
    }
}
