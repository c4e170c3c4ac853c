package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** server.xml problems, and references from server.xml into schema.xml. */
class ServerValidationTest {

    @TempDir
    Path dir;

    private TestConf conf() {
        return new TestConf(dir);
    }

    @Test
    void reportsSchemasThatSchemaXmlDoesNotDefine() {
        assertThat(conf().server("""
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB, NOSUCH</property>
                        <property name="defaultSchema">OTHER</property>
                    </user>
                    <user name="admin">
                        <property name="defaultSchema">GONE</property>
                        <privileges check="true">
                            <schema name="MISSING" dml="1111"/>
                            <dataNode name="dn9" dml="0010"/>
                        </privileges>
                    </user>
                """).problems()).containsExactly(
                "server.xml:5: <user name=\"test\"><property name=\"schemas\">: schema \"NOSUCH\": no <schema"
                        + " name=\"NOSUCH\"> in schema.xml",
                "server.xml:6: <user name=\"test\"><property name=\"defaultSchema\">: value \"OTHER\": not one of the"
                        + " user's schemas TESTDB,NOSUCH",
                "server.xml:9: <user name=\"admin\"><property name=\"defaultSchema\">: value \"GONE\": no <schema"
                        + " name=\"GONE\"> in schema.xml",
                "server.xml:11: <user name=\"admin\"><privileges><schema name=\"MISSING\">: name \"MISSING\": no"
                        + " <schema name=\"MISSING\"> in schema.xml",
                "server.xml:12: <user name=\"admin\"><privileges><dataNode name=\"dn9\">: name \"dn9\": no"
                        + " <dataNode name=\"dn9\"> in schema.xml");
    }

    @Test
    void reportsBadUserValuesAndDuplicates() {
        assertThat(conf().server("""
                    <user name="test" defaultAccount="maybe">
                        <property name="password">a</property>
                        <property name="password">b</property>
                        <property name="readOnly">1</property>
                        <property name="benchmark">-5</property>
                        <property name="usingDecrypt">true</property>
                        <property name="schemas">TESTDB,TESTDB</property>
                        <privileges check="yes">
                            <schema name="TESTDB" dml="11">
                                <table name="t" dml="0000"/>
                                <table name="t" dml="1111"/>
                            </schema>
                        </privileges>
                        <privileges check="false"/>
                    </user>
                    <user name="test">
                        <property name="password">c</property>
                    </user>
                    <user>
                        <property/>
                    </user>
                """).problems()).containsExactly(
                "server.xml:3: <user name=\"test\">: defaultAccount \"maybe\": expected true or false",
                "server.xml:5: <user name=\"test\"><property name=\"password\">: already set at line 4",
                "server.xml:6: <user name=\"test\"><property name=\"readOnly\">: value \"1\": expected true or false",
                "server.xml:7: <user name=\"test\"><property name=\"benchmark\">: value \"-5\": expected >= 0",
                "server.xml:8: <user name=\"test\"><property name=\"usingDecrypt\">: value \"true\": expected 0 or 1",
                "server.xml:9: <user name=\"test\"><property name=\"schemas\">: schema \"TESTDB\" listed twice",
                "server.xml:10: <user name=\"test\"><privileges>: check \"yes\": expected true or false",
                "server.xml:11: <user name=\"test\"><privileges><schema name=\"TESTDB\">: dml \"11\": expected four"
                        + " 0/1 digits for insert, update, select, delete",
                "server.xml:13: <user name=\"test\"><privileges><schema name=\"TESTDB\"><table name=\"t\">: name"
                        + " \"t\": already listed in this <schema>",
                "server.xml:16: <user name=\"test\"><privileges>: only one <privileges> is allowed (first at line 10)",
                "server.xml:18: <user name=\"test\">: name \"test\": another <user> has that name, at line 3",
                "server.xml:21: <user>: missing required attribute name",
                "server.xml:22: <user><property>: missing required attribute name");
    }

    @Test
    void reportsSystemPropertiesThatAreNotNumbersOrOutOfRange() {
        assertThat(conf().server("""
                    <system>
                        <property name="serverPort">80a</property>
                        <property name="managerPort">65536</property>
                        <property name="processors">0</property>
                        <property name="txIsolation">5</property>
                        <property name="nonePasswordLogin">yes</property>
                        <property name="strictTxIsolation">1</property>
                        <property name="frontAuthPlugin">sha256_password</property>
                        <property name="fakeMySQLVersion">eight</property>
                        <property name="handleDistributedTransactions">3</property>
                        <property name="idleTimeout">0</property>
                        <property name="bindIp"></property>
                        <property name="useSqlStat">on</property>
                        <property name="metricsPort">-1</property>
                        <property name="useZKSwitch">1</property>
                        <property name="serverPort">8066</property>
                    </system>
                    <system/>
                    <user name="test">
                        <property name="schemas">TESTDB</property>
                    </user>
                """).problems()).containsExactly(
                "server.xml:4: <system><property name=\"serverPort\">: value \"80a\": expected an integer 0..65535",
                "server.xml:5: <system><property name=\"managerPort\">: value \"65536\": expected 0..65535",
                "server.xml:6: <system><property name=\"processors\">: value \"0\": expected >= 1",
                "server.xml:7: <system><property name=\"txIsolation\">: value \"5\": expected 1..4",
                "server.xml:8: <system><property name=\"nonePasswordLogin\">: value \"yes\": expected 0 or 1",
                "server.xml:9: <system><property name=\"strictTxIsolation\">: value \"1\": expected true or false",
                "server.xml:10: <system><property name=\"frontAuthPlugin\">: value \"sha256_password\": expected"
                        + " mysql_native_password or caching_sha2_password",
                "server.xml:11: <system><property name=\"fakeMySQLVersion\">: value \"eight\": expected a MySQL"
                        + " version such as 5.7.25 or 8.0.36",
                "server.xml:12: <system><property name=\"handleDistributedTransactions\">: value \"3\": expected 0..2",
                "server.xml:13: <system><property name=\"idleTimeout\">: value \"0\": expected >= 1",
                "server.xml:14: <system><property name=\"bindIp\">: value \"\": must not be empty",
                "server.xml:15: <system><property name=\"useSqlStat\">: value \"on\": expected 0 or 1",
                "server.xml:16: <system><property name=\"metricsPort\">: value \"-1\": expected 0..65535",
                "server.xml:17: <system><property name=\"useZKSwitch\">: value \"1\": expected true or false",
                "server.xml:18: <system><property name=\"serverPort\">: already set at line 4",
                "server.xml:20: <system>: only one <system> is allowed (first at line 3)");
    }

    @Test
    void reportsAMissingUserAndAMissingDefaultAccount() {
        assertThat(conf().server("""
                    <system>
                        <property name="nonePasswordLogin">1</property>
                    </system>
                """).problems()).containsExactly(
                "server.xml:2: <mycat:server>: no <user>: at least one is required",
                "server.xml:4: <system><property name=\"nonePasswordLogin\">: value \"1\": needs a <user"
                        + " defaultAccount=\"true\"> to log in as");
    }

    @Test
    void reportsASecondDefaultAccount() {
        assertThat(conf().server("""
                    <user name="a" defaultAccount="true">
                        <property name="schemas">TESTDB</property>
                    </user>
                    <user name="b" defaultAccount="TRUE">
                        <property name="schemas">TESTDB</property>
                    </user>
                """).problems()).containsExactly(
                "server.xml:6: <user name=\"b\">: defaultAccount \"TRUE\": <user name=\"a\"> at line 3 is already the"
                        + " default account");
    }

    @Test
    void reportsFirewallEntriesForUnknownUsersAndDuplicateHosts() {
        assertThat(conf().server("""
                    <firewall>
                        <whitehost>
                            <host host="127.0.0.*" user="test, ghost"/>
                            <host host="127.0.0.*" user="root"/>
                            <host user="test"/>
                        </whitehost>
                        <blacklist>
                            <property name="selectAllow">false</property>
                        </blacklist>
                        <blacklist check="true"/>
                    </firewall>
                    <user name="test">
                        <property name="schemas">TESTDB</property>
                    </user>
                    <user name="root">
                        <property name="password">x</property>
                    </user>
                """).problems()).containsExactly(
                "server.xml:5: <firewall><whitehost><host host=\"127.0.0.*\">: user \"ghost\": no <user"
                        + " name=\"ghost\">",
                "server.xml:6: <firewall><whitehost><host host=\"127.0.0.*\">: host \"127.0.0.*\": already listed at"
                        + " line 5",
                "server.xml:6: <firewall><whitehost><host host=\"127.0.0.*\">: user \"root\": MyCat 1.6 refuses a"
                        + " white-listed user without a schemas property (such a user may use every schema)",
                "server.xml:7: <firewall><whitehost><host>: missing required attribute host",
                "server.xml:9: <firewall><blacklist>: missing required attribute check",
                "server.xml:12: <firewall><blacklist>: only one <blacklist> is allowed (first at line 9)");
    }

    @Test
    void reportsWhiteListHostsThatAreNoAddressesAndBlacklistPropertiesDruidDoesNotHave() {
        assertThat(conf().server("""
                    <firewall>
                        <whitehost>
                            <host host="localhost" user="test"/>
                            <host host="10.0.0.01" user="test"/>
                            <host host="::1" user="test"/>
                            <host host="0:0:0:0:0:0:0:1" user="test"/>
                        </whitehost>
                        <blacklist check="true">
                            <property name="deleteWhereNonCheck">true</property>
                            <property name="deleteWhereNoneCheck">yes</property>
                            <property name="selectLimit">100</property>
                            <property name="multiStatementAllow">true</property>
                        </blacklist>
                    </firewall>
                    <user name="test">
                        <property name="schemas">TESTDB</property>
                        <property name="manager">maybe</property>
                    </user>
                """).problems()).containsExactly(
                "server.xml:5: <firewall><whitehost><host host=\"localhost\">: host \"localhost\": expected an IP"
                        + " address (192.168.1.5) or a pattern where * and % stand for digits (192.168.1.*): clients"
                        + " are matched by their address, never by name",
                "server.xml:6: <firewall><whitehost><host host=\"10.0.0.01\">: host \"10.0.0.01\": expected an IP"
                        + " address (192.168.1.5) or a pattern where * and % stand for digits (192.168.1.*): clients"
                        + " are matched by their address, never by name",
                "server.xml:8: <firewall><whitehost><host host=\"0:0:0:0:0:0:0:1\">: host \"0:0:0:0:0:0:0:1\":"
                        + " already listed at line 7",
                "server.xml:11: <firewall><blacklist><property name=\"deleteWhereNonCheck\">: not a Druid WallConfig"
                        + " setting (names are case-sensitive, e.g. deleteWhereNoneCheck)",
                "server.xml:12: <firewall><blacklist><property name=\"deleteWhereNoneCheck\">: value \"yes\": expected"
                        + " true or false",
                "server.xml:13: <firewall><blacklist><property name=\"selectLimit\">: Druid WallConfig setting that"
                        + " Tessera cannot honour: Druid applies it by rewriting the SELECT, and the data nodes get the"
                        + " client's text (schema.xml's sqlMaxLimit limits SELECTs)",
                "server.xml:19: <user name=\"test\"><property name=\"manager\">: value \"maybe\": expected true or"
                        + " false");
    }

    @Test
    void readsManagersAndWritesIpv6WhiteListHostsAsClientAddressesAre() {
        TesseraConfig config = conf().server("""
                    <firewall>
                        <whitehost>
                            <host host="::1" user="admin"/>
                        </whitehost>
                    </firewall>
                    <user name="admin">
                        <property name="schemas">TESTDB</property>
                        <property name="manager">TRUE</property>
                    </user>
                    <user name="test">
                        <property name="schemas">TESTDB</property>
                        <property name="manager">false</property>
                    </user>
                    <user name="other">
                        <property name="schemas">TESTDB</property>
                    </user>
                """).load();

        assertThat(config.users().values()).extracting(UserConfig::name, UserConfig::manager)
                .containsExactly(tuple("admin", true), tuple("test", false), tuple("other", false));
        assertThat(config.firewall().whiteHosts()).extracting(FirewallConfig.WhiteHost::host)
                .containsExactly("0:0:0:0:0:0:0:1");
        assertThat(config.firewall().allowsLogin("admin", "0:0:0:0:0:0:0:1")).isTrue();
    }

    @Test
    void readsTheFirewallAndPrivileges() {
        TesseraConfig config = conf().server("""
                    <firewall>
                        <whitehost>
                            <host host="1*7.0.0.*" user="test"/>
                            <host host="10.0.0.5" user="test,reader"/>
                        </whitehost>
                        <blacklist check="true">
                            <property name="selectIntoOutfileAllow">false</property>
                        </blacklist>
                    </firewall>
                    <user name="test">
                        <property name="password"> secret </property>
                        <property name="schemas">TESTDB</property>
                        <privileges check="true">
                            <schema name="TESTDB" dml="0110">
                                <table name="tb01" dml="0000"/>
                            </schema>
                            <dataNode name="dn1" dml="0010"/>
                        </privileges>
                    </user>
                    <user name="reader">
                        <property name="schemas">TESTDB</property>
                        <property name="readOnly">TRUE</property>
                        <property name="benchmark">50</property>
                    </user>
                """).load();

        FirewallConfig firewall = config.firewall();
        assertThat(firewall.whiteHosts()).extracting(FirewallConfig.WhiteHost::host).containsExactly("1*7.0.0.*",
                "10.0.0.5");
        FirewallConfig.WhiteHost pattern = firewall.whiteHosts().get(0);
        assertThat(pattern.isPattern()).isTrue();
        assertThat(pattern.matches("127.0.0.1")).isTrue();
        assertThat(pattern.matches("17.0.0.250")).isTrue();
        assertThat(pattern.matches("127.0.1.1")).isFalse();
        assertThat(pattern.matches("127x0.0.1")).isFalse();
        assertThat(firewall.whiteHosts().get(1).users()).containsExactly("test", "reader");
        assertThat(firewall.whiteHosts().get(1).matches("10.0.0.5")).isTrue();
        assertThat(firewall.blacklistCheck()).isTrue();
        assertThat(firewall.blacklist()).containsExactly(Map.entry("selectIntoOutfileAllow", "false"));

        UserConfig test = config.users().get("test");
        assertThat(test.password()).isEqualTo("secret");
        assertThat(test.privileges().check()).isTrue();
        PrivilegesConfig.SchemaPrivilege schema = test.privileges().schemas().get("TESTDB");
        assertThat(schema.dml()).isEqualTo(new PrivilegesConfig.Dml(false, true, true, false));
        assertThat(schema.dml()).hasToString("0110");
        assertThat(schema.tables().get("tb01").dml()).isEqualTo(new PrivilegesConfig.Dml(false, false, false, false));
        assertThat(test.privileges().dataNodes().get("dn1").dml()).hasToString("0010");
        UserConfig reader = config.users().get("reader");
        assertThat(reader.password()).isEmpty();
        assertThat(reader.readOnly()).isTrue();
        assertThat(reader.benchmark()).isEqualTo(50);
    }
}
