package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Passwords never show in {@code toString()}, at any depth. */
class MaskingTest {

    @TempDir
    Path dir;

    @Test
    void masksEveryPasswordInToString() {
        TesseraConfig config = new TestConf(dir).server("""
                    <system>
                        <property name="clusterHeartbeatPass">cluster-s3cret</property>
                    </system>
                    <user name="test">
                        <property name="password">user-s3cret</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                """).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="1" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="write-s3cret">
                            <readHost host="hostS1" url="127.0.0.1:3307" user="ro" password="read-s3cret"/>
                        </writeHost>
                    </dataHost>
                """).load();

        String all = config.toString();
        assertThat(all).doesNotContain("s3cret").contains("password=<masked>", "clusterHeartbeatPass=<masked>");
        assertThat(config.users().get("test").toString()).doesNotContain("user-s3cret").contains("<masked>");
        WriteHostConfig write = config.dataHosts().get("host1").writeHosts().get(0);
        assertThat(write.toString()).doesNotContain("s3cret");
        assertThat(write.readHosts().get(0).toString()).doesNotContain("read-s3cret");
        assertThat(config.system().toString()).doesNotContain("cluster-s3cret");

        assertThat(config.users().get("test").password()).isEqualTo("user-s3cret");
        assertThat(config.system().raw("clusterHeartbeatPass")).contains("cluster-s3cret");
        assertThat(write.password()).isEqualTo("write-s3cret");
    }
}
