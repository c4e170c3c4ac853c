package io.tessera.proxy.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.backend.host.BalanceType;
import io.tessera.backend.host.DataHostSettings;
import io.tessera.backend.host.SwitchType;
import io.tessera.proxy.config.ConfigLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schema.xml's read balancing and replication settings reach backend-pool's {@link DataHostSettings}. */
class DataHostMapperTest {

    @TempDir
    Path dir;

    private DataHostSettings host1(String dataHostAttributes, String heartbeat) throws IOException {
        Files.writeString(dir.resolve("server.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:server xmlns:mycat="http://io.mycat/">
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                        <property name="manager">true</property>
                    </user>
                </mycat:server>
                """);
        Files.writeString(dir.resolve("schema.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:schema xmlns:mycat="http://io.mycat/">
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" %s dbType="mysql" dbDriver="native">
                        <heartbeat>%s</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="">
                            <readHost host="hostS1" url="127.0.0.1:3307" user="root" password=""/>
                        </writeHost>
                    </dataHost>
                </mycat:schema>
                """.formatted(dataHostAttributes, heartbeat));
        Files.writeString(dir.resolve("rule.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:rule xmlns:mycat="http://io.mycat/">
                </mycat:rule>
                """);
        return DataHostMapper.settings(ConfigLoader.load(dir)).get("host1");
    }

    @Test
    void mapsBalanceTypeSlaveThresholdAndTempReadHostAvailable() throws IOException {
        DataHostSettings host = host1("balance=\"1\" balanceType=\"1\" switchType=\"2\" slaveThreshold=\"2\""
                + " tempReadHostAvailable=\"1\"", "show slave status");

        assertThat(host.balanceType()).isEqualTo(BalanceType.ROUND_ROBIN);
        assertThat(host.switchType()).isEqualTo(SwitchType.SLAVE_STATUS);
        assertThat(host.slaveThreshold()).isEqualTo(2);
        assertThat(host.tempReadHostAvailable()).isTrue();
        assertThat(host.heartbeatSql()).isEqualTo("show slave status");
    }

    @Test
    void defaultsAreRandomWithoutTempReadHosts() throws IOException {
        DataHostSettings host = host1("balance=\"1\" balanceType=\"2\"", "select user()");

        assertThat(host.balanceType()).isEqualTo(BalanceType.LEAST_ACTIVE);
        assertThat(host1("balance=\"1\"", "select user()").balanceType()).isEqualTo(BalanceType.RANDOM);
        assertThat(host.tempReadHostAvailable()).isFalse();
        assertThat(host.slaveThreshold()).isEqualTo(-1);
    }
}
