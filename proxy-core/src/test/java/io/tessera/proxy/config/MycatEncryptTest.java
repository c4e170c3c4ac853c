package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code bin/tessera encrypt}'s encryption: what MyCat's DecryptUtil prints, and what MycatDecrypt reads back. */
class MycatEncryptTest {

    /** "1:hostM1:root:123456", as printed by MyCat's own {@code DecryptUtil.main} (see MycatDecryptTest). */
    private static final String MYCAT_HOST_M1_ROOT = "BpkNIjF7LfzS1C76HT7B1bJgmGIDtPihqIvHBlC92L1IFqsMfoJEMk1EkxSz"
            + "jasWB4GWoUcODYO4AaJstdAp5w==";
    /** "0:root:123456", made with MyCat's default private key (see MycatDecryptTest). */
    private static final String MYCAT_USER_ROOT = "GO0bnFVWrAuFgr1JMuMZkvfDNyTpoiGU7n/Wlsa151CirHQnANVk3NzE3FErx8v6pAcO"
            + "0ctX3xFecmSr+976QA==";

    @Test
    void writesWhatMycatWrites() {
        assertThat(MycatEncrypt.hostPassword("hostM1", "root", "123456")).isEqualTo(MYCAT_HOST_M1_ROOT);
        assertThat(MycatEncrypt.userPassword("root", "123456")).isEqualTo(MYCAT_USER_ROOT);
    }

    @Test
    void mycatDecryptReadsItBack() throws InvalidValueException {
        String password = "pä ss-wörd_1";
        assertThat(MycatDecrypt.userPassword("app", MycatEncrypt.userPassword("app", password))).isEqualTo(password);
        assertThat(MycatDecrypt.hostPassword("hostS1", "repl", MycatEncrypt.hostPassword("hostS1", "repl", password)))
                .isEqualTo(password);
    }

    @Test
    void refusesWhatMycatCannotDecrypt() {
        assertThatThrownBy(() -> MycatEncrypt.userPassword("root", "pa:ss"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the password contains ':', which MyCat 1.6 cannot decrypt");
        assertThatThrownBy(() -> MycatEncrypt.userPassword("root", ""))
                .hasMessage("the password is empty, which MyCat 1.6 cannot decrypt");
        assertThatThrownBy(() -> MycatEncrypt.userPassword("a:b", "secret"))
                .hasMessage("the user name contains ':', which MyCat 1.6 cannot decrypt");
        assertThatThrownBy(() -> MycatEncrypt.hostPassword("", "root", "secret"))
                .hasMessage("the host is empty");
        assertThatThrownBy(() -> MycatEncrypt.hostPassword("host", "root", "x".repeat(60)))
                .hasMessage("the text to encrypt (1:...:<password>) is 72 bytes, and MyCat's 512-bit key encrypts at"
                        + " most 53");
        assertThat(MycatEncrypt.userPassword("root", "x".repeat(46))).isNotEmpty(); // 0:root: + 46 = 53 bytes
    }
}
