package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code usingDecrypt="1"}. The cipher texts were made with MyCat's default private key (RSA PKCS#1 v1.5 is
 * deterministic); {@code BpkNIj...} is the writeHost example printed by MyCat's own {@code DecryptUtil.main}.
 */
class MycatDecryptTest {

    /** "1:hostM1:root:123456". */
    private static final String HOST_M1_ROOT = "BpkNIjF7LfzS1C76HT7B1bJgmGIDtPihqIvHBlC92L1IFqsMfoJEMk1EkxSzjasWB4GW"
            + "oUcODYO4AaJstdAp5w==";
    /** "1:hostS1:repl:s3cret". */
    private static final String HOST_S1_REPL = "MkBzcZVZxwDEqsC4peONnMDGcIwc/aVNzaeuke9ZY84LrNobQ9mYQ5MW1fgqlghNNWp"
            + "BIJypaDXRJVbx/K69OQ==";
    /** "0:root:123456". */
    private static final String USER_ROOT = "GO0bnFVWrAuFgr1JMuMZkvfDNyTpoiGU7n/Wlsa151CirHQnANVk3NzE3FErx8v6pAcO0c"
            + "tX3xFecmSr+976QA==";
    /** "1:root:123456": the user example in MyCat's DecryptUtil.main, which MyCat itself rejects (type 1). */
    private static final String MYCAT_DOC_USER = "d6D+pOmkuUoY09p4/aivwMsScLa7zfjIwAxvkEhr3v7en06mEXoX9DTTjQNug5Cf"
            + "vGf7Wy9oLcthYI3yLMSjIg==";
    /** "0:root:pa:ss". */
    private static final String USER_ROOT_COLON = "FLT1ivHpKwKQg0D+GkMbANJkxJWcPO/9fUBTfusBu0kbnGW9a7PcgZWIyNUHkeSIu"
            + "lqwywwRd9b16gB2RsDvPQ==";
    /** "0:root:". */
    private static final String USER_ROOT_EMPTY = "HzbzAu85sYZIdoaxwHV5mVYFR36RdHgeBt/Bb2i/J2UUBvN5xm5qO7md6b1gPNJqf"
            + "zpEpEXZnZyiwYy3OFt6dw==";

    @TempDir
    Path dir;

    @Test
    void decryptsHostAndUserPasswordsAsMycatDoes() throws Exception {
        assertThat(MycatDecrypt.hostPassword("hostM1", "root", HOST_M1_ROOT)).isEqualTo("123456");
        assertThat(MycatDecrypt.userPassword("root", USER_ROOT)).isEqualTo("123456");
    }

    @Test
    void refusesTextForAnotherUserHostOrKind() {
        assertThatThrownBy(() -> MycatDecrypt.hostPassword("hostM2", "root", HOST_M1_ROOT))
                .isInstanceOf(InvalidValueException.class)
                .hasMessage("decrypts to something other than \"1:hostM2:root:<password>\"");
        assertThatThrownBy(() -> MycatDecrypt.userPassword("admin", USER_ROOT))
                .hasMessage("decrypts to something other than \"0:admin:<password>\"");
        assertThatThrownBy(() -> MycatDecrypt.userPassword("root", MYCAT_DOC_USER))
                .hasMessage("decrypts to something other than \"0:root:<password>\"");
        assertThatThrownBy(() -> MycatDecrypt.userPassword("root", "not base64!"))
                .hasMessage("is not encrypted with MyCat's key (see MyCat's DecryptUtil)");
        assertThatThrownBy(() -> MycatDecrypt.userPassword("root", "c2VjcmV0"))
                .hasMessage("is not encrypted with MyCat's key (see MyCat's DecryptUtil)");
    }

    @Test
    void refusesPasswordsMycatCannotDecrypt() {
        assertThatThrownBy(() -> MycatDecrypt.userPassword("root", USER_ROOT_COLON))
                .hasMessage("the encrypted password contains ':', which MyCat 1.6 cannot decrypt");
        assertThatThrownBy(() -> MycatDecrypt.userPassword("root", USER_ROOT_EMPTY))
                .hasMessage("the encrypted password is empty, which MyCat 1.6 cannot decrypt");
    }

    @Test
    void loadsEncryptedPasswordsFromTheConfiguration() {
        TesseraConfig config = new TestConf(dir).server("""
                    <user name="root" defaultAccount="true">
                        <property name="password">%s</property>
                        <property name="usingDecrypt">1</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                """.formatted(USER_ROOT)).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="1" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="%s" usingDecrypt="1">
                            <readHost host="hostS1" url="127.0.0.1:3307" user="repl" password="%s" usingDecrypt="1"/>
                        </writeHost>
                    </dataHost>
                """.formatted(HOST_M1_ROOT, HOST_S1_REPL)).load();

        UserConfig root = config.users().get("root");
        assertThat(root.password()).isEqualTo("123456");
        assertThat(root.usingDecrypt()).isTrue();
        WriteHostConfig write = config.dataHosts().get("host1").writeHosts().get(0);
        assertThat(write.password()).isEqualTo("123456");
        assertThat(write.usingDecrypt()).isTrue();
        assertThat(write.readHosts().get(0).password()).isEqualTo("s3cret");
    }

    @Test
    void reportsPasswordsThatDoNotDecryptWithoutShowingThem() {
        assertThat(new TestConf(dir).server("""
                    <user name="test">
                        <property name="password">plain-secret</property>
                        <property name="usingDecrypt">1</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                    <user name="other">
                        <property name="usingDecrypt">1</property>
                    </user>
                """).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM2" url="127.0.0.1:3306" user="root" password="%s" usingDecrypt="1"/>
                    </dataHost>
                """.formatted(HOST_M1_ROOT)).problems()).containsExactly(
                "server.xml:4: <user name=\"test\"><property name=\"password\">: is not encrypted with MyCat's key"
                        + " (see MyCat's DecryptUtil) (usingDecrypt is 1)",
                "server.xml:8: <user name=\"other\">: usingDecrypt is 1 but there is no password property",
                "schema.xml:7: <dataHost name=\"host1\"><writeHost host=\"hostM2\">: password: decrypts to something"
                        + " other than \"1:hostM2:root:<password>\" (usingDecrypt=\"1\")");
    }
}
