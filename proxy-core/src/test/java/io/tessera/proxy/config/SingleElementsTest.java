package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Elements MyCat allows once, lists that name nothing, and date suffixes that are not numbers. */
class SingleElementsTest {

    @TempDir
    Path dir;

    @Test
    void reportsElementsWrittenMoreThanOnce() {
        assertThat(new TestConf(dir).server("""
                    <firewall/>
                    <firewall/>
                """ + TestConf.SERVER).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <heartbeat>select 1</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).rule("""
                    <tableRule name="r">
                        <rule>
                            <columns>id</columns>
                            <columns>user_id</columns>
                            <algorithm>f</algorithm>
                            <algorithm>f</algorithm>
                        </rule>
                    </tableRule>
                    <function name="f" class="io.mycat.route.function.PartitionByMod"/>
                """).problems()).containsExactly(
                "server.xml:4: <firewall>: only one <firewall> is allowed (first at line 3)",
                "schema.xml:7: <dataHost name=\"host1\"><heartbeat>: only one <heartbeat> is allowed (first at line 6)",
                "rule.xml:6: <tableRule name=\"r\"><rule><columns>: only one <columns> is allowed (first at line 5)",
                "rule.xml:8: <tableRule name=\"r\"><rule><algorithm>: only one <algorithm> is allowed (first at line"
                        + " 7)");
    }

    @Test
    void reportsListsThatNameNothing() {
        assertThat(new TestConf(dir).schema("""
                    <schema name="TESTDB">
                        <table name="t" dataNode=" , "/>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database=","/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).problems()).containsExactly(
                "schema.xml:4: <schema name=\"TESTDB\"><table name=\"t\">: dataNode \",\": names nothing",
                "schema.xml:6: <dataNode name=\"dn1\">: database \",\": names nothing");
    }

    @Test
    void refusesDateSuffixesWithoutNumbers() {
        assertThatThrownBy(() -> TableNames.withSuffix("t", "yyyymm,2015,x,3"))
                .isInstanceOf(InvalidValueException.class)
                .hasMessage("\"x\" is not a number");
        assertThatThrownBy(() -> TableNames.withSuffix("t", "yyyymm,2015,1,-1"))
                .hasMessage("count -1 (expected: 0..65535)");
        assertThatThrownBy(() -> TableNames.withSuffix("t", "yyyymmdd,2015,1,1"))
                .hasMessage("expected yyyymm,<year>,<month>,<count> or yyyymmdd,<year>,<month>,<day>,<count>");
    }
}
