package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Names the binding does not declare are logged, never fatal, never silently dropped. */
class UnknownNamesTest {

    @TempDir
    Path dir;

    @Test
    void warnsAboutUnknownAttributesElementsAndPropertiesAndStillLoads() {
        TestConf conf = new TestConf(dir).server("""
                    <system>
                        <property name="serverPort">0</property>
                        <property name="fancyFeature">on</property>
                    </system>
                    <user name="test" colour="blue">
                        <property name="schemas">TESTDB</property>
                        <property name="pasword">typo</property>
                        <property name="manager">true</property>
                    </user>
                """).schema("""
                    <schema name="TESTDB" dataNode="dn1" sqlMaxLimt="10">
                        <view name="v"/>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat timeout="5">select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="">stray text</writeHost>
                    </dataHost>
                """);

        try (LogCapture log = new LogCapture()) {
            TesseraConfig config = conf.load();

            assertThat(config.system().serverPort()).isZero();
            assertThat(config.system().raw("fancyFeature")).contains("on");
            assertThat(log.at(Level.WARN)).containsExactly(
                    "server.xml:5: <system><property name=\"fancyFeature\">: unknown property; kept as text, not used",
                    "server.xml:7: <user>: unknown attribute \"colour\"; ignored",
                    "server.xml:9: <user name=\"test\"><property name=\"pasword\">: unknown user property; ignored",
                    "schema.xml:3: <schema>: unknown attribute \"sqlMaxLimt\"; ignored",
                    "schema.xml:4: <schema>: unknown element <view>; ignored",
                    "schema.xml:8: <heartbeat>: unknown attribute \"timeout\"; ignored",
                    "schema.xml:9: <writeHost>: unknown text content; ignored");
        }
    }

    @Test
    void warnsAboutTextWhereMycatAllowsNone() {
        TestConf conf = new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="dn1">
                        <table name="t" dataNode="dn1">
                            <childTable name="c" joinKey="t_id" parentKey="id">oops</childTable>
                        </table>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="">
                            <readHost host="s1" url="127.0.0.1:3307" user="root" password=""/> tail
                            <readHost host="s2" url="127.0.0.1:3308" user="root" password=""/>
                        </writeHost>
                    </dataHost>
                """);

        try (LogCapture log = new LogCapture()) {
            TesseraConfig config = conf.load();

            assertThat(config.dataHosts().get("host1").writeHosts().get(0).readHosts()).hasSize(2);
            assertThat(log.at(Level.WARN)).filteredOn(warning -> !warning.contains(" has no effect yet: "))
                    .containsExactly(
                            "schema.xml:5: <childTable>: unknown text content; ignored",
                            "schema.xml:12: <writeHost>: text after a child element; ignored");
        }
    }

    @Test
    void returnsTheWarningsForCheckInsteadOfLoggingThem() {
        TestConf conf = new TestConf(dir).server("""
                    <system>
                        <property name="serverPrt">8067</property>
                    </system>
                    <user name="test">
                        <property name="schemas">TESTDB</property>
                        <property name="manager">true</property>
                    </user>
                """).schema(TestConf.SCHEMA.replace("<schema name", "<schema checkSQLschma=\"true\" name"));

        try (LogCapture log = new LogCapture()) {
            assertThat(conf.loadWithWarnings()).containsExactly(
                    "server.xml:4: <system><property name=\"serverPrt\">: unknown property; kept as text, not used",
                    "schema.xml:3: <schema>: unknown attribute \"checkSQLschma\"; ignored");
            assertThat(log.at(Level.WARN)).isEmpty();
        }
    }

    @Test
    void aFailedLoadCarriesItsWarningsAndLogsThem() {
        TestConf conf = new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCOn="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """);

        String warning = "schema.xml:5: <dataHost>: unknown attribute \"minCOn\"; ignored";

        try (LogCapture log = new LogCapture()) {
            assertThat(conf.problems()).containsExactly(
                    "schema.xml:5: <dataHost name=\"host1\">: missing required attribute minCon");
            assertThat(log.at(Level.WARN)).containsExactly(warning);
        }
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.loadWithWarnings(dir));
        assertThat(e.warnings()).containsExactly(warning);
    }

    @Test
    void logsMycatNamesTesseraDoesNotUseAtDebugOnly() {
        TestConf conf = new TestConf(dir).server("""
                    <system>
                        <property name="useStreamOutput">0</property>
                        <property name="sequenceHanlderClass">x</property>
                    </system>
                    <user name="test">
                        <property name="schemas">TESTDB</property>
                        <property name="manager">true</property>
                    </user>
                    <cluster>
                        <node name="mycat1"><property name="host">127.0.0.1</property></node>
                    </cluster>
                """).schema("""
                    <schema name="TESTDB" needSupportMultiDBType="false">
                        <table name="customer" dataNode="dn1" fetchStoreNodeByJdbc="true">
                            <property name="x">y</property>
                        </table>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native"
                              filters="mergeStat" logTime="300000" notSwitch="-1" slaveIDs="1,2">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """);

        try (LogCapture log = new LogCapture()) {
            conf.load();

            assertThat(log.at(Level.WARN)).isEmpty();
            assertThat(log.at(Level.DEBUG)).containsExactly(
                    "server.xml:4: <system><property name=\"useStreamOutput\">: MyCat 1.6 property that Tessera does"
                            + " not use; kept as text",
                    "server.xml:5: <system><property name=\"sequenceHanlderClass\">: MyCat 1.6 property that"
                            + " Tessera does not use; kept as text",
                    "server.xml:11: <mycat:server>: element <cluster> is MyCat 1.6 configuration that Tessera does"
                            + " not use; ignored",
                    "schema.xml:3: <schema>: attribute \"needSupportMultiDBType\" is MyCat 1.6 configuration that"
                            + " Tessera does not use; ignored",
                    "schema.xml:4: <table>: attribute \"fetchStoreNodeByJdbc\" is MyCat 1.6 configuration that"
                            + " Tessera does not use; ignored",
                    "schema.xml:5: <table>: element <property> is MyCat 1.6 configuration that Tessera does not"
                            + " use; ignored",
                    "schema.xml:9: <dataHost>: attribute \"filters\" is MyCat 1.6 configuration that Tessera does"
                            + " not use; ignored",
                    "schema.xml:9: <dataHost>: attribute \"logTime\" is MyCat 1.6 configuration that Tessera does"
                            + " not use; ignored",
                    "schema.xml:9: <dataHost>: attribute \"notSwitch\" is MyCat 1.6 configuration that Tessera does"
                            + " not use; ignored",
                    "schema.xml:9: <dataHost>: attribute \"slaveIDs\" is MyCat 1.6 configuration that Tessera does"
                            + " not use; ignored");
        }
    }
}
