package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.proxy.config.SystemConfig.DistributedTransactions;
import io.tessera.proxy.config.SystemConfig.TxIsolation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemConfigTest {

    @TempDir
    Path dir;

    @Test
    void appliesMycatDefaultsWhenNothingIsWritten() {
        SystemConfig system = new TestConf(dir).load().system();
        int cpus = Runtime.getRuntime().availableProcessors();

        assertThat(system.serverPort()).isEqualTo(8066);
        assertThat(system.managerPort()).isEqualTo(9066);
        assertThat(system.bindIp()).isEqualTo("0.0.0.0");
        assertThat(system.serverBacklog()).isEqualTo(2048);
        assertThat(system.processors()).isEqualTo(cpus);
        assertThat(system.processorExecutor()).isEqualTo(cpus != 1 ? cpus * 2 : 4);
        assertThat(system.maxPacketSize()).isEqualTo(16 * 1024 * 1024);
        assertThat(system.frontSocketNoDelay()).isTrue();
        assertThat(system.backSocketNoDelay()).isTrue();
        assertThat(system.frontSocketSoRcvbuf()).isEqualTo(1024 * 1024);
        assertThat(system.frontSocketSoSndbuf()).isEqualTo(4 * 1024 * 1024);
        assertThat(system.backSocketSoRcvbuf()).isEqualTo(4 * 1024 * 1024);
        assertThat(system.backSocketSoSndbuf()).isEqualTo(1024 * 1024);
        assertThat(system.frontWriteQueueSize()).isEqualTo(2048);
        assertThat(system.charset()).isEqualTo("utf8");
        assertThat(system.txIsolation()).isEqualTo(TxIsolation.REPEATABLE_READ);
        assertThat(system.idleTimeout()).isEqualTo(Duration.ofMinutes(30));
        assertThat(system.authTimeout()).isEqualTo(Duration.ofSeconds(15));
        assertThat(system.sqlExecuteTimeout()).isEqualTo(Duration.ofSeconds(300));
        assertThat(system.dataNodeHeartbeatPeriod()).isEqualTo(Duration.ofSeconds(10));
        assertThat(system.dataNodeIdleCheckPeriod()).isEqualTo(Duration.ofMinutes(5));
        assertThat(system.fakeMySQLVersion()).isEmpty();
        assertThat(system.nonePasswordLogin()).isFalse();
        assertThat(system.ignoreUnknownCommand()).isFalse();
        assertThat(system.maxPreparedStmtCount()).isEqualTo(16_382);
        assertThat(system.defaultMaxLimit()).isEqualTo(100);
        assertThat(system.handleDistributedTransactions()).isEqualTo(DistributedTransactions.ALLOW);
        assertThat(system.strictTxIsolation()).isFalse();
        assertThat(system.poolMaxWait()).isEqualTo(Duration.ofSeconds(5));
        assertThat(system.frontAuthPlugin()).isEqualTo(AuthPlugin.MYSQL_NATIVE_PASSWORD);
        assertThat(system.maxResultSet()).isEqualTo(512 * 1024);
        assertThat(system.metricsPort()).isZero(); // no metrics endpoint unless asked for
        assertThat(system.maxConnections()).isEqualTo(10_000);
        assertThat(system.deadlockCheckPeriod()).isEqualTo(200);
        assertThat(system.properties()).isEmpty();
        assertThat(system.raw("serverPort")).isEmpty();
        assertThat(system.sequenceHandlerType()).isZero();
        assertThat(system.sequenceHandlerTypeWritten()).isFalse();
        assertThat(system.sequenceHandlerPattern()).isEqualTo(SystemConfig.DEFAULT_SEQUENCE_PATTERN);
    }

    @Test
    void readsSequenceSettingsUnderMycatsSpellings() {
        SystemConfig system = new TestConf(dir).server("""
                    <system>
                        <property name="sequnceHandlerType">2</property>
                        <property name="sequnceHandlerPattern">next\\s+value\\s+for\\s+(SEQ_(\\w+))</property>
                    </system>
                """ + TestConf.SERVER).load().system();

        assertThat(system.sequenceHandlerType()).isEqualTo(2);
        assertThat(system.sequenceHandlerTypeWritten()).isTrue();
        assertThat(system.sequenceHandlerPattern()).isEqualTo("next\\s+value\\s+for\\s+(SEQ_(\\w+))");
    }

    @Test
    void defaultSequencePatternFindsTheNameInGroupTwoAsMycatReadsIt() {
        Matcher matcher = Pattern.compile(SystemConfig.DEFAULT_SEQUENCE_PATTERN, Pattern.CASE_INSENSITIVE)
                .matcher("insert into t(id, v) values (next value for MYCATSEQ_GLOBAL, 1)");

        assertThat(matcher.find()).isTrue();
        assertThat(matcher.group(2)).isEqualTo("GLOBAL");
    }

    @Test
    void refusesSequenceHandlersThatAreNotBuiltAndPatternsWithoutAName() {
        List<String> problems = new TestConf(dir).server("""
                    <system>
                        <property name="sequenceHandlerType">5</property>
                        <property name="sequnceHandlerPattern">(?:next value for (\\w+))</property>
                    </system>
                """ + TestConf.SERVER).problems();

        assertThat(problems).containsExactly(
                "server.xml:4: <system><property name=\"sequenceHandlerType\">: value \"5\": sequence handler 5"
                        + " (custom class) is not built (expected: 0 local file, 1 database, 2 local time, 3 ZooKeeper"
                        + " distributed or 4 ZooKeeper increment)",
                "server.xml:5: <system><property name=\"sequnceHandlerPattern\">: value \"(?:next value for"
                        + " (\\w+))\": 1 groups (expected: group 2 captures the sequence name, as in MyCat's default "
                        + SystemConfig.DEFAULT_SEQUENCE_PATTERN + ")");
    }

    @Test
    void readsMaxConnectionsWithZeroForNoLimitAndRefusesNegativeOnes() {
        assertThat(new TestConf(dir).server("""
                    <system><property name="maxConnections">20</property></system>
                """ + TestConf.SERVER).load().system().maxConnections()).isEqualTo(20);
        assertThat(new TestConf(dir).server("""
                    <system><property name="maxConnections">0</property></system>
                """ + TestConf.SERVER).load().system().maxConnections()).isZero();

        List<String> problems = new TestConf(dir).server("""
                    <system>
                        <property name="maxConnections">-1</property>
                    </system>
                """ + TestConf.SERVER).problems();

        assertThat(problems).containsExactly("server.xml:4: <system><property name=\"maxConnections\">: value"
                + " \"-1\": expected >= 0");
    }

    @Test
    void readsDeadlockCheckPeriodWithZeroForOffAndRefusesWhatIsNoNumberOfMilliseconds() {
        assertThat(new TestConf(dir).server("""
                    <system><property name="deadlockCheckPeriod">50</property></system>
                """ + TestConf.SERVER).load().system().deadlockCheckPeriod()).isEqualTo(50);
        assertThat(new TestConf(dir).server("""
                    <system><property name="deadlockCheckPeriod">0</property></system>
                """ + TestConf.SERVER).load().system().deadlockCheckPeriod()).isZero();

        List<String> problems = new TestConf(dir).server("""
                    <system>
                        <property name="deadlockCheckPeriod">-5</property>
                        <property name="deadlockCheckPeriod">0.2s</property>
                    </system>
                """ + TestConf.SERVER).problems();

        assertThat(problems).anySatisfy(p -> assertThat(p).startsWith(
                "server.xml:4: <system><property name=\"deadlockCheckPeriod\">: value \"-5\""));
    }

    @Test
    void refusesTwoSpellingsOfTheHandlerTypeThatDisagree() {
        List<String> problems = new TestConf(dir).server("""
                    <system>
                        <property name="sequenceHandlerType">1</property>
                        <property name="sequnceHandlerType">2</property>
                    </system>
                """ + TestConf.SERVER).problems();

        assertThat(problems).containsExactly("server.xml:5: <system><property name=\"sequnceHandlerType\">: value"
                + " \"2\": differs from sequenceHandlerType \"1\" (expected: one of the two spellings, or the same"
                + " value)");
    }

    @Test
    void readsEveryTypedProperty() {
        SystemConfig system = new TestConf(dir).server("""
                    <system>
                        <property name="serverPort">0</property>
                        <property name="managerPort">0</property>
                        <property name="bindIp">127.0.0.1</property>
                        <property name="serverBacklog">128</property>
                        <property name="processors">3</property>
                        <property name="processorExecutor">7</property>
                        <property name="maxPacketSize">1048576</property>
                        <property name="frontSocketNoDelay">0</property>
                        <property name="backSocketNoDelay">0</property>
                        <property name="frontSocketSoRcvbuf">1</property>
                        <property name="frontSocketSoSndbuf">2</property>
                        <property name="backSocketSoRcvbuf">3</property>
                        <property name="backSocketSoSndbuf">4</property>
                        <property name="frontWriteQueueSize">5</property>
                        <property name="charset">utf8mb4</property>
                        <property name="txIsolation">4</property>
                        <property name="idleTimeout">60000</property>
                        <property name="authTimeout">1000</property>
                        <property name="sqlExecuteTimeout">30</property>
                        <property name="dataNodeHeartbeatPeriod">2000</property>
                        <property name="dataNodeIdleCheckPeriod">3000</property>
                        <property name="fakeMySQLVersion">8.0.36-tessera</property>
                        <property name="nonePasswordLogin">1</property>
                        <property name="ignoreUnknownCommand">1</property>
                        <property name="maxPreparedStmtCount">10</property>
                        <property name="defaultMaxLimit">500</property>
                        <property name="handleDistributedTransactions">2</property>
                        <property name="strictTxIsolation">true</property>
                        <property name="poolMaxWait">0</property>
                        <property name="frontAuthPlugin">caching_sha2_password</property>
                        <property name="useSqlStat">1</property>
                        <property name="sqlRecordCount">20</property>
                        <property name="metricsPort">9100</property>
                        <property name="maxResultSet">1048576</property>
                    </system>
                    <user name="test" defaultAccount="true">
                        <property name="schemas">TESTDB</property>
                    </user>
                """).load().system();

        assertThat(system).isEqualTo(new SystemConfig(0, 0, "127.0.0.1", 128, 3, 7, 1_048_576, false, false, 1, 2, 3,
                4, 5, "utf8mb4", TxIsolation.SERIALIZABLE, Duration.ofMinutes(1), Duration.ofSeconds(1),
                Duration.ofSeconds(30), Duration.ofSeconds(2), Duration.ofSeconds(3),
                Optional.of("8.0.36-tessera"), true, true, 10, 500, DistributedTransactions.ALLOW_AND_LOG,
                true, Duration.ZERO, AuthPlugin.CACHING_SHA2_PASSWORD, 32L * 1024 * 1024, 1, "tmlogs", "tmlog",
                true, 20, 1_048_576, 9100, system.properties()));
        assertThat(system.properties()).hasSize(34);
        assertThat(system.raw("txIsolation")).contains("4");
    }

    @Test
    void keepsEveryWrittenPropertyAsTextInDocumentOrder() {
        SystemConfig system = new TestConf(dir).server("""
                    <system>
                        <property name="useOffHeapForMerge"> 1 </property>
                        <property name="serverPort">9000</property>
                        <property name="systemReserveMemorySize">384m</property>
                        <property name="somethingNew">x</property>
                    </system>
                """ + TestConf.SERVER).load().system();

        assertThat(system.properties()).containsExactly(Map.entry("useOffHeapForMerge", "1"),
                Map.entry("serverPort", "9000"), Map.entry("systemReserveMemorySize", "384m"),
                Map.entry("somethingNew", "x"));
        assertThat(system.serverPort()).isEqualTo(9000);
    }

    @Test
    void knowsMycatIsolationCodesAndVariableValues() {
        assertThat(TxIsolation.ofMycatCode(1)).contains(TxIsolation.READ_UNCOMMITTED);
        assertThat(TxIsolation.ofMycatCode(0)).isEmpty();
        assertThat(TxIsolation.REPEATABLE_READ.mycatCode()).isEqualTo(3);
        assertThat(TxIsolation.READ_COMMITTED.variableValue()).isEqualTo("READ-COMMITTED");
    }

    @Test
    void refusesPortsOutOfRangeWhenBuiltDirectly() {
        SystemConfig system = new TestConf(dir).load().system();

        assertThatThrownBy(() -> new SystemConfig(65_536, 0, "x", 1, 1, 1, 1, true, true, 1, 1, 1, 1, 1, "utf8",
                TxIsolation.REPEATABLE_READ, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO,
                Optional.empty(), false, false, 1, 1, DistributedTransactions.ALLOW, false, Duration.ZERO,
                AuthPlugin.MYSQL_NATIVE_PASSWORD, 1024, 1, "tmlogs", "tmlog", false, 10, 1, 0, system.properties()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("serverPort: 65536 (expected: 0..65535)");
        assertThatThrownBy(() -> new SystemConfig(0, 0, "x", 1, 1, 1, 1, true, true, 1, 1, 1, 1, 1, "utf8",
                TxIsolation.REPEATABLE_READ, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO,
                Optional.empty(), false, false, 1, 1, DistributedTransactions.ALLOW, false, Duration.ZERO,
                AuthPlugin.MYSQL_NATIVE_PASSWORD, 1024, 1, "tmlogs", "tmlog", false, 10, 1, -1, system.properties()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("metricsPort: -1 (expected: 0..65535)");
    }
}
