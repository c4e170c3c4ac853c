package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings Tessera reads but does not act on yet: one warning each where MyCat 1.6 would behave differently, none
 * where the value changes nothing; and the admin port open to every user while no user is a manager.
 */
class NotHonouredTest {

    private static final String USERS = """
                <user name="test">
                    <property name="password">test</property>
                    <property name="schemas">TESTDB</property>
                    <property name="manager">true</property>
                </user>
            """;

    @TempDir
    Path dir;

    private static Path sample(String name) throws URISyntaxException {
        return Path.of(NotHonouredTest.class.getResource("/config/" + name + "/server.xml").toURI()).getParent();
    }

    @Test
    void warnsAboutEverySettingThatHasNoEffectYetInDocumentOrder() {
        TestConf conf = new TestConf(dir).server("""
                    <system>
                        <property name="serverPort">0</property>
                        <property name="sqlExecuteTimeout">300</property>
                        <property name="processorExecutor">8</property>
                        <property name="frontWriteQueueSize">4096</property>
                        <property name="frontSocketSoRcvbuf">1048576</property>
                        <property name="frontSocketSoSndbuf">4194304</property>
                        <property name="backSocketSoRcvbuf">4194304</property>
                        <property name="backSocketSoSndbuf">1048576</property>
                        <property name="backSocketNoDelay">0</property>
                        <property name="charset">gbk</property>
                        <property name="txIsolation">2</property>
                        <property name="nonePasswordLogin">1</property>
                        <property name="ignoreUnknownCommand">1</property>
                        <property name="useCompression">1</property>
                        <property name="useGlobleTableCheck">1</property>
                        <property name="checkTableConsistency">1</property>
                        <property name="useZKSwitch">true</property>
                    </system>
                    <firewall>
                        <whitehost>
                            <host host="127.0.0.*" user="test"/>
                        </whitehost>
                        <blacklist check="true"/>
                    </firewall>
                    <user name="test" defaultAccount="true">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                        <property name="defaultSchema">TESTDB</property>
                        <property name="readOnly">true</property>
                        <property name="benchmark">10</property>
                        <privileges check="true">
                            <schema name="TESTDB" dml="0010"/>
                        </privileges>
                    </user>
                """).schema("""
                    <schema name="TESTDB" dataNode="dn1" randomDataNode="dn2">
                        <table name="t" dataNode="dn1,dn2" rule="mod-long" ruleRequired="true" autoIncrement="true"
                               primaryKey="id" subTables="t_$1-2">
                            <childTable name="c" joinKey="t_id" parentKey="id" autoIncrement="true"/>
                        </table>
                    </schema>
                    <dataNode name="dn$1-2" dataHost="host1" database="db$1-2"/>
                    <dataNode name="dn3" dataHost="ora" database="db3"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="1" balanceType="1" writeType="2"
                              switchType="2" slaveThreshold="100" tempReadHostAvailable="1" maxRetryCount="5"
                              dbType="mysql" dbDriver="native">
                        <heartbeat>show slave status</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="" weight="2">
                            <readHost host="hostS1" url="127.0.0.1:3307" user="root" password="" weight="1"/>
                        </writeHost>
                        <writeHost host="hostM2" url="127.0.0.1:3308" user="root" password=""/>
                    </dataHost>
                    <dataHost name="ora" maxCon="10" minCon="1" balance="0" dbType="oracle" dbDriver="jdbc">
                        <heartbeat>select 1 from dual</heartbeat>
                        <writeHost host="o1" url="jdbc:oracle:thin:@127.0.0.1:1521:x" user="u" password="p"/>
                    </dataHost>
                """);
        conf.write(DnIndex.FILE, "host1=2\nora=0\n");

        assertThat(conf.loadWithWarnings()).containsExactly(
                "server.xml: <system>: <property name=\"frontWriteQueueSize\">4096</property> has no effect yet: a"
                        + " client's pending output is bounded by Netty's write water marks (256 KiB to 1 MiB)",
                "server.xml: <system>: <property name=\"frontSocketSoRcvbuf\">1048576</property> has no effect yet: the"
                        + " operating system's default socket buffer size applies (setting it is not built)",
                "server.xml: <system>: <property name=\"frontSocketSoSndbuf\">4194304</property> has no effect yet: the"
                        + " operating system's default socket buffer size applies (setting it is not built)",
                "server.xml: <system>: <property name=\"backSocketSoRcvbuf\">4194304</property> has no effect yet: the"
                        + " operating system's default socket buffer size applies (setting it is not built)",
                "server.xml: <system>: <property name=\"backSocketSoSndbuf\">1048576</property> has no effect yet: the"
                        + " operating system's default socket buffer size applies (setting it is not built)",
                "server.xml: <system>: <property name=\"backSocketNoDelay\">0</property> has no effect yet: backend"
                        + " connections always use TCP_NODELAY",
                "server.xml: <system>: <property name=\"charset\">gbk</property> has no effect yet: the handshake"
                        + " announces utf8mb4, and each session uses the character set its client asks for",
                "server.xml: <system>: <property name=\"txIsolation\">2</property> has no effect yet: sessions start at"
                        + " the data hosts' own isolation level (SET TRANSACTION ISOLATION LEVEL works)",
                "server.xml: <system>: <property name=\"nonePasswordLogin\">1</property> has no effect yet: a client"
                        + " must give the password of the user it names (password-less login is not built)",
                "server.xml: <system>: <property name=\"ignoreUnknownCommand\">1</property> has no effect yet: an"
                        + " unknown protocol command still gets ERROR 1047",
                "server.xml: <system>: <property name=\"useCompression\">1</property> has no effect yet: the compressed"
                        + " protocol is not offered to clients",
                "server.xml: <system>: <property name=\"useGlobleTableCheck\">1</property> has no effect yet: the"
                        + " global table consistency check is not built",
                "server.xml: <system>: <property name=\"checkTableConsistency\">1</property> has no effect yet: the"
                        + " global table consistency check is not built",
                "server.xml: no <user> has <property name=\"manager\">true</property>: every user may log in to the"
                        + " admin port (managerPort 9066) and run its commands, as in MyCat 1.6; mark the users who"
                        + " manage Tessera",
                "schema.xml: <schema name=\"TESTDB\">: randomDataNode=\"dn2\" has no effect yet: statements that name"
                        + " no table run on data node dn1",
                "schema.xml: <schema name=\"TESTDB\"><table name=\"t\">: ruleRequired=\"true\" has no effect yet: a"
                        + " statement without a value for the sharding column goes to every data node of the table"
                        + " instead of being refused",
                "schema.xml: <schema name=\"TESTDB\"><table name=\"t\">: subTables=\"t_1,t_2\" has no effect yet:"
                        + " statements go to table t itself on each data node, never to its sub-tables (in-database"
                        + " sharding is not built)",
                "schema.xml: <schema name=\"TESTDB\"><table name=\"t\"><childTable name=\"c\">: autoIncrement=\"true\""
                        + " has no effect yet: no primaryKey names the column a sequence would fill in",
                "schema.xml: <dataHost name=\"host1\">: writeType=\"2\" has no effect yet: writes go to the active"
                        + " writeHost only, as with writeType=\"0\" (MyCat 1.6 cannot write to every writeHost either)",
                "schema.xml: <dataHost name=\"ora\">: dbType=\"oracle\" has no effect yet: statements reach it in"
                        + " MySQL's SQL as the router writes them (LIMIT m,n and the like), not translated to its"
                        + " dialect",
                "dnindex.properties: host1=2 names no writeHost of data host host1 (expected: 0..1): it starts on its"
                        + " first writeHost \"hostM1\"",
                "server.xml: <system>: <property name=\"useZKSwitch\">true</property> has no effect yet: this node is"
                        + " not in cluster mode (myid.properties does not say loadZk=true), so it decides writeHost"
                        + " switches on its own");
    }

    @Test
    void useZkSwitchIsHonouredInClusterMode() {
        TestConf conf = new TestConf(dir).server("""
                    <system>
                        <property name="serverPort">0</property>
                        <property name="useZKSwitch">true</property>
                    </system>
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                        <property name="manager">true</property>
                    </user>
                """);
        conf.write(ClusterSettings.FILE, "loadZk=true\nzkURL=127.0.0.1:2181\nclusterId=c\nmyid=n1\n");
        assertThat(conf.loadWithWarnings()).isEmpty();
    }

    @Test
    void sequenceHandlersThatAreNotClusterSafeWarnInClusterMode() {
        TestConf conf = new TestConf(dir).server("""
                    <system>
                        <property name="serverPort">0</property>
                        <property name="sequenceHandlerType">2</property>
                    </system>
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                        <property name="manager">true</property>
                    </user>
                """);
        conf.write("sequence_time_conf.properties", "WORKID=01\nDATAACENTERID=01\n");
        assertThat(conf.loadWithWarnings()).isEmpty();
        conf.write(ClusterSettings.FILE, "loadZk=true\nzkURL=127.0.0.1:2181\nclusterId=c\nmyid=n1\n");
        assertThat(conf.loadWithWarnings()).containsExactly("server.xml: <system>: sequenceHandlerType 2 (local time)"
                + " is not safe in cluster mode: every node hands out ids of its own, the same ones unless their"
                + " WORKID/DATAACENTERID pairs differ; use 1 (database), 3 or 4 (ZooKeeper)");
    }

    @Test
    void staysQuietWhereTheValueChangesNothing() {
        TestConf conf = new TestConf(dir).server("""
                    <system>
                        <property name="serverPort">0</property>
                        <property name="charset">utf8mb4</property>
                        <property name="txIsolation">3</property>
                        <property name="backSocketNoDelay">1</property>
                        <property name="nonePasswordLogin">0</property>
                        <property name="ignoreUnknownCommand">0</property>
                        <property name="useCompression">0</property>
                        <property name="useGlobleTableCheck">0</property>
                        <property name="strictTxIsolation">true</property>
                        <property name="defaultMaxLimit">100</property>
                    </system>
                    <firewall>
                        <blacklist check="false"/>
                    </firewall>
                    <user name="test" defaultAccount="true">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                        <property name="manager">true</property>
                        <property name="readOnly">false</property>
                        <property name="benchmark">0</property>
                        <privileges check="false">
                            <schema name="TESTDB" dml="0010"/>
                        </privileges>
                    </user>
                """).schema("""
                    <schema name="TESTDB" checkSQLschema="false" randomDataNode="dn1">
                        <table name="t" dataNode="dn1,dn2" rule="mod-long" primaryKey="id" autoIncrement="false"/>
                    </schema>
                    <dataNode name="dn$1-2" dataHost="host1" database="db$1-2"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="1" balanceType="1" writeType="1"
                              switchType="1" slaveThreshold="100" tempReadHostAvailable="1" maxRetryCount="5"
                              dbType="mysql" dbDriver="jdbc">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="jdbc:mysql://127.0.0.1:3306" user="root" password="" weight="3"/>
                    </dataHost>
                """);
        conf.write(DnIndex.FILE, "host1=0\nother=1\n");

        assertThat(conf.loadWithWarnings()).isEmpty();
    }

    @Test
    void balanceWarnsOnlyWhereNoHeartbeatLetsReadsLeaveTheWriteHost() {
        String twoWriteHosts = """
                    <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="" weight="2"/>
                    <writeHost host="hostM2" url="127.0.0.1:3307" user="root" password="" weight="1"/>
                """;
        String readHost = """
                    <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="">
                        <readHost host="hostS1" url="127.0.0.1:3307" user="root" password="" weight="3"/>
                    </writeHost>
                """;
        for (String balance : List.of("0", "1", "2", "3")) {
            assertThat(balanceWarnings(balance, "<heartbeat>select user()</heartbeat>", twoWriteHosts)).isEmpty();
            assertThat(balanceWarnings(balance, "<heartbeat>select user()</heartbeat>", readHost)).isEmpty();
        }
        // with an empty heartbeat no server is known alive: balance 1 and 2 would read from the standby write host, and
        // 3 only from read hosts, of which there are none in the first
        assertThat(balanceWarnings("1", "<heartbeat></heartbeat>", twoWriteHosts)).containsExactly(
                "schema.xml: <dataHost name=\"host1\">: balance=\"1\" has no effect yet: reads go to the active"
                        + " writeHost only: other servers take reads only while their heartbeat is OK, and the data"
                        + " host has no <heartbeat>");
        assertThat(balanceWarnings("2", "<heartbeat></heartbeat>", twoWriteHosts)).hasSize(1);
        assertThat(balanceWarnings("3", "<heartbeat></heartbeat>", twoWriteHosts)).isEmpty();
        assertThat(balanceWarnings("0", "<heartbeat></heartbeat>", twoWriteHosts)).isEmpty();
        assertThat(balanceWarnings("3", "<heartbeat></heartbeat>", readHost)).hasSize(1);
    }

    private List<String> balanceWarnings(String balance, String heartbeat, String hosts) {
        return new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="%s" dbType="mysql" dbDriver="native">
                        %s
                %s    </dataHost>
                """.formatted(balance, heartbeat, hosts)).loadWithWarnings().stream()
                .filter(warning -> warning.contains("balance=") || warning.contains("weight=")
                        || warning.contains("Host host=")).toList();
    }

    @Test
    void failoverWarnsOnlyWhereItDoesLessThanMycat() {
        assertThat(switchWarnings("1", "<heartbeat>select user()</heartbeat>", "3")).isEmpty();
        assertThat(switchWarnings("1", "<heartbeat>select user()</heartbeat>", "7")).isEmpty();
        assertThat(switchWarnings("-1", "<heartbeat></heartbeat>", "3")).isEmpty();
        assertThat(switchWarnings("1", "<heartbeat></heartbeat>", "3")).containsExactly(
                "schema.xml: <dataHost name=\"host1\">: switchType=\"1\" has no effect yet: no failover: the data"
                        + " host has no <heartbeat>, so no writeHost is ever found dead");
        assertThat(switchWarnings("3", "<heartbeat>select user()</heartbeat>", "3")).containsExactly(
                "schema.xml: <dataHost name=\"host1\">: switchType=\"3\" has no effect yet: writes move on heartbeat"
                        + " failure as with switchType=\"1\": the Galera wsrep status is read only with"
                        + " <heartbeat>show status like 'wsrep%'</heartbeat>");
        assertThat(switchWarnings("3", "<heartbeat>show status like 'wsrep%'</heartbeat>", "3")).isEmpty();
        assertThat(switchWarnings("2", "<heartbeat>select user()</heartbeat>", "3")).containsExactly(
                "schema.xml: <dataHost name=\"host1\">: switchType=\"2\" has no effect yet: writes move on heartbeat"
                        + " failure as with switchType=\"1\": the next writeHost's replication state is read only"
                        + " with <heartbeat>show slave status</heartbeat>");
        assertThat(switchWarnings("2", "<heartbeat>show slave status</heartbeat>", "3")).isEmpty();
    }

    private List<String> switchWarnings(String switchType, String heartbeat, String maxRetryCount) {
        return new TestConf(dir).server(USERS).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" switchType="%s" maxRetryCount="%s"
                              dbType="mysql" dbDriver="native">
                        %s
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                        <writeHost host="hostM2" url="127.0.0.1:3307" user="root" password=""/>
                    </dataHost>
                """.formatted(switchType, maxRetryCount, heartbeat)).loadWithWarnings();
    }

    @Test
    void slaveThresholdWarnsOnlyWhereTheHeartbeatDoesNotReadReplication() {
        assertThat(lagWarnings("2", "show slave status")).isEmpty();
        assertThat(lagWarnings("2", "SHOW SLAVE STATUS")).isEmpty();
        assertThat(lagWarnings("1", "select user()")).isEmpty(); // MyCat checks no lag under switchType 1 either
        assertThat(lagWarnings("2", "select user()")).containsExactly(
                "schema.xml: <dataHost name=\"host1\">: slaveThreshold=\"2\" has no effect yet: replica lag is read"
                        + " only with <heartbeat>show slave status</heartbeat>: a readHost takes reads while its"
                        + " heartbeat is OK, however far behind it is");
    }

    @Test
    void aJdbcDataHostReadsReplicationAndGaleraStateAsANativeOneDoes() {
        assertThat(lagWarnings("2", "show slave status", "jdbc", "jdbc:mysql://127.0.0.1:3307")).isEmpty();
        assertThat(lagWarnings("3", "show status like 'wsrep%'", "jdbc", "jdbc:mysql://127.0.0.1:3307")).isEmpty();
    }

    private List<String> lagWarnings(String switchType, String heartbeat) {
        return lagWarnings(switchType, heartbeat, "native", "127.0.0.1:3307");
    }

    private List<String> lagWarnings(String switchType, String heartbeat, String driver, String readUrl) {
        return new TestConf(dir).server(USERS).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="1" balanceType="2" switchType="%s"
                              slaveThreshold="2" tempReadHostAvailable="1" dbType="mysql" dbDriver="%s">
                        <heartbeat>%s</heartbeat>
                        <writeHost host="hostM1" url="%s" user="root" password="">
                            <readHost host="hostS1" url="%s" user="root" password=""/>
                        </writeHost>
                    </dataHost>
                """.formatted(switchType, driver, heartbeat, readUrl.startsWith("jdbc:") ? "jdbc:mysql://127.0.0.1:3306"
                        : "127.0.0.1:3306", readUrl)).loadWithWarnings();
    }

    @Test
    void anUnreadableDnIndexFileWarnsThatEveryDataHostStartsOnItsFirstWriteHost() {
        TestConf conf = new TestConf(dir).server(USERS);
        conf.write(DnIndex.FILE, "host1=\\u12\n");

        assertThat(conf.loadWithWarnings()).singleElement().asString()
                .startsWith("dnindex.properties: cannot be read (")
                .endsWith("): every data host starts on its first writeHost");
    }

    @Test
    void mycatSampleWarnsOnlyAboutWhatItReallyUses() throws URISyntaxException {
        assertThat(ConfigLoader.loadWithWarnings(sample("mycat-main")).warnings()).containsExactly(
                "server.xml: no <user> has <property name=\"manager\">true</property>: every user may log in to the"
                        + " admin port (managerPort 9066) and run its commands, as in MyCat 1.6; mark the users who"
                        + " manage Tessera");
    }

    @Test
    void sqlExecuteTimeoutIsHonouredWrittenOrNot() {
        String timeout = """
                    <system>
                        <property name="sqlExecuteTimeout">1</property>
                    </system>
                """;

        assertThat(new TestConf(dir).server(USERS).loadWithWarnings()).isEmpty();
        assertThat(new TestConf(dir).server(timeout + USERS).loadWithWarnings()).isEmpty();
    }

    @Test
    void shippedConfigurationHasNoWarnings() {
        assertThat(ConfigLoader.loadWithWarnings(Path.of("../conf")).warnings()).isEmpty();
    }

    @Test
    void warnsWhileEveryUserMayLogInToTheAdminPort() {
        String users = """
                    <user name="a">
                        <property name="schemas">TESTDB</property>
                    </user>
                    <user name="b">
                        <property name="schemas">TESTDB</property>
                        <property name="manager">%s</property>
                    </user>
                """;

        assertThat(new TestConf(dir).server(users.formatted("false")).loadWithWarnings()).containsExactly(
                "server.xml: no <user> has <property name=\"manager\">true</property>: every user may log in to the"
                        + " admin port (managerPort 9066) and run its commands, as in MyCat 1.6; mark the users who"
                        + " manage Tessera");
        assertThat(new TestConf(dir).server(users.formatted("true")).loadWithWarnings()).isEmpty();
    }

    @Test
    void requireSecureTransportWarnsThatTheAdminPortStaysPlaintext() throws Exception {
        Files.writeString(dir.resolve("cert.pem"), "");
        String tls = """
                    <system>
                        <property name="sslCert">cert.pem</property>
                        <property name="sslKey">cert.pem</property>
                        <property name="requireSecureTransport">%s</property>
                    </system>
                """;

        assertThat(new TestConf(dir).server(tls.formatted("true") + USERS).loadWithWarnings()).containsExactly(
                "server.xml: <system>: <property name=\"requireSecureTransport\">true</property> has no effect yet: on"
                        + " the admin port (managerPort), which has no TLS: its logins stay plaintext; the client port"
                        + " refuses them");
        assertThat(new TestConf(dir).server(tls.formatted("false") + USERS).loadWithWarnings()).isEmpty();
    }

    @Test
    void loadLogsEachWarningOnceAtWarnAndLoadWithWarningsLogsNone() {
        TestConf conf = new TestConf(dir).server(USERS + """
                    <system>
                        <property name="serverPort">0</property>
                        <property name="frontWriteQueueSize">4096</property>
                    </system>
                """);
        String warning = "server.xml: <system>: <property name=\"frontWriteQueueSize\">4096</property> has no effect"
                + " yet: a client's pending output is bounded by Netty's write water marks (256 KiB to 1 MiB)";

        try (LogCapture log = new LogCapture()) {
            assertThat(conf.loadWithWarnings()).containsExactly(warning);
            assertThat(log.at(Level.WARN)).isEmpty();

            conf.load();
            assertThat(log.at(Level.WARN)).containsExactly(warning);
        }
    }
}
