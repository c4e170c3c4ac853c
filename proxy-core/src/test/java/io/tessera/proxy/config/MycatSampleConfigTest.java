package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.config.DataHostConfig.DbDriver;
import io.tessera.proxy.config.SystemConfig.DistributedTransactions;
import io.tessera.proxy.config.SystemConfig.TxIsolation;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** MyCat's own sample configurations load unchanged, without their DTDs, in both namespaces. */
class MycatSampleConfigTest {

    private static Path resource(String dir) throws URISyntaxException {
        return Path.of(MycatSampleConfigTest.class.getResource("/config/" + dir + "/server.xml").toURI()).getParent();
    }

    @Test
    void loadsMycatMainSamplesWithoutTheirDtds() throws Exception {
        Path dir = resource("mycat-main");
        assertThat(Files.exists(dir.resolve("schema.dtd"))).isFalse();

        TesseraConfig config = ConfigLoader.load(dir);

        assertThat(config.confDir()).isEqualTo(dir.toAbsolutePath().normalize());
        assertThat(config.users()).containsOnlyKeys("root", "user");
        UserConfig root = config.users().get("root");
        assertThat(root.password()).isEqualTo("123456");
        assertThat(root.schemas()).containsExactly("TESTDB");
        assertThat(root.defaultSchema()).isEqualTo("TESTDB");
        assertThat(root.defaultAccount()).isTrue();
        assertThat(root.readOnly()).isFalse();
        assertThat(root.privileges()).isEqualTo(PrivilegesConfig.NONE);
        assertThat(config.users().get("user").readOnly()).isTrue();
        assertThat(config.users().get("user").defaultAccount()).isFalse();
        assertThat(config.firewall()).isEqualTo(FirewallConfig.NONE);

        SystemConfig system = config.system();
        assertThat(system.serverPort()).isEqualTo(8066);
        assertThat(system.managerPort()).isEqualTo(9066);
        assertThat(system.sqlExecuteTimeout()).isEqualTo(Duration.ofSeconds(300));
        assertThat(system.strictTxIsolation()).isTrue();
        assertThat(system.handleDistributedTransactions()).isEqualTo(DistributedTransactions.ALLOW);
        assertThat(system.raw("sequenceHandlerType")).contains("1");
        assertThat(system.raw("sequnceHandlerPattern"))
                .contains("(?:(\\s*next\\s+value\\s+for\\s*MYCATSEQ_(\\w+))(,|\\)|\\s)*)+");
        assertThat(system.raw("memoryPageSize")).contains("64k");
        assertThat(system.properties()).hasSize(22).containsKeys("useHandshakeV10", "serverBacklog");

        assertThat(config.schemas()).containsOnlyKeys("TESTDB");
        SchemaConfig testdb = config.schemas().get("TESTDB");
        assertThat(testdb.checkSQLschema()).isTrue();
        assertThat(testdb.sqlMaxLimit()).isEqualTo(100);
        assertThat(testdb.dataNode()).isNull();
        assertThat(testdb.randomDataNode()).isEqualTo("dn1");
        assertThat(testdb.tables()).containsOnlyKeys("CUSTOMER");
        TableConfig customer = testdb.table("customer").orElseThrow();
        assertThat(customer).isEqualTo(new TableConfig("customer", List.of("dn1", "dn2"), "sharding-by-intfile",
                TableType.SHARDED, "id", true, true, false, List.of(),
                List.of(new ChildTableConfig("customer_addr", "customer_id", "id", "id", false, true, List.of()))));

        assertThat(config.dataNodes().values()).containsExactly(
                new DataNodeConfig("dn1", "localhost1", "db1"),
                new DataNodeConfig("dn2", "localhost1", "db2"),
                new DataNodeConfig("dn3", "localhost1", "db3"));
        DataHostConfig host = config.dataHosts().get("localhost1");
        assertThat(host.maxCon()).isEqualTo(1000);
        assertThat(host.minCon()).isEqualTo(10);
        assertThat(host.dbDriver()).isEqualTo(DbDriver.JDBC);
        assertThat(host.switchType().code()).isEqualTo(1);
        assertThat(host.slaveThreshold()).isEqualTo(100);
        assertThat(host.heartbeatSql()).isEqualTo("select user()");
        assertThat(host.writeHosts()).singleElement().satisfies(write -> {
            assertThat(write.url()).isEqualTo("jdbc:mysql://localhost:3306");
            assertThat(write.hostName()).isEqualTo("localhost");
            assertThat(write.port()).isEqualTo(3306);
            assertThat(write.user()).isEqualTo("root");
            assertThat(write.password()).isEqualTo("root");
        });

        assertThat(config.tableRules()).hasSize(12);
        assertThat(config.tableRules().get("sharding-by-intfile").rule())
                .isEqualTo(new RuleConfig("sharding_id", "hash-int"));
        assertThat(config.functions()).hasSize(11);
        assertThat(config.functions().get("partbyday")).isEqualTo(new FunctionConfig("partbyday",
                "io.mycat.route.function.PartitionByDate", Map.of("dateFormat", "yyyy-MM-dd", "sNaturalDay", "0",
                        "sBeginDate", "2014-01-01", "sEndDate", "2014-01-31", "sPartionDay", "10")));
        assertThat(config.functions().get("partbyday").properties().keySet())
                .containsExactly("dateFormat", "sNaturalDay", "sBeginDate", "sEndDate", "sPartionDay");
        assertThat(config.resolve(config.functions().get("hash-int").properties().get("mapFile")))
                .isEqualTo(config.confDir().resolve("partition-hash-int.txt"));
    }

    @Test
    void loadsTheClassicOpencloudbSamples() throws Exception {
        TesseraConfig config = ConfigLoader.load(resource("mycat-1.5-classic"));

        SystemConfig system = config.system();
        assertThat(system.processors()).isEqualTo(4);
        assertThat(system.processorExecutor()).isEqualTo(16);
        assertThat(system.idleTimeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(system.txIsolation()).isEqualTo(TxIsolation.READ_COMMITTED);
        assertThat(system.raw("defaultSqlParser")).contains("druidparser");

        SchemaConfig testdb = config.schemas().get("TESTDB");
        assertThat(testdb.checkSQLschema()).isFalse();
        assertThat(testdb.tables().values()).extracting(TableConfig::name)
                .containsExactly("travelrecord", "company", "goods", "hotnews", "employee", "customer");
        TableConfig travelrecord = testdb.table("TravelRecord").orElseThrow();
        assertThat(travelrecord.dataNodes()).containsExactly("dn1", "dn2", "dn3");
        assertThat(travelrecord.rule()).isEqualTo("auto-sharding-long");
        assertThat(travelrecord.type()).isEqualTo(TableType.SHARDED);
        assertThat(testdb.table("company").orElseThrow().dataNodes()).containsExactly("dn3", "dn2", "dn1");
        TableConfig goods = testdb.table("GOODS").orElseThrow();
        assertThat(goods.type()).isEqualTo(TableType.GLOBAL);
        assertThat(goods.rule()).isNull();
        assertThat(goods.primaryKey()).isEqualTo("ID");

        TableConfig customer = testdb.table("customer").orElseThrow();
        assertThat(customer.childTables()).extracting(ChildTableConfig::name)
                .containsExactly("orders", "customer_addr");
        ChildTableConfig orderItems = testdb.childTable("ORDER_ITEMS").orElseThrow();
        assertThat(orderItems.joinKey()).isEqualTo("order_id");
        assertThat(orderItems.parentKey()).isEqualTo("id");
        assertThat(orderItems.primaryKey()).isNull();
        assertThat(testdb.rootTableOf("order_items")).contains(customer);
        assertThat(testdb.table("orders")).isEmpty();

        DataHostConfig host = config.dataHosts().get("localhost1");
        assertThat(host.dbDriver()).isEqualTo(DbDriver.NATIVE);
        assertThat(host.balance().code()).isZero();
        assertThat(host.writeType().code()).isZero();
        assertThat(host.balanceType()).isZero();
        assertThat(host.maxRetryCount()).isEqualTo(3);
        assertThat(host.tempReadHostAvailable()).isFalse();
        assertThat(host.writeHosts()).singleElement().satisfies(write -> {
            assertThat(write.hostName()).isEqualTo("10.202.4.39");
            assertThat(write.port()).isEqualTo(3306);
            assertThat(write.password()).isEqualTo("sf123456");
            assertThat(write.checkAlive()).isTrue();
            assertThat(write.readHosts()).isEmpty();
        });

        assertThat(config.tableRules()).hasSize(10);
        assertThat(config.functions().get("mod-long").className())
                .isEqualTo("org.opencloudb.route.function.PartitionByMod");
    }

    @Test
    void iteratesInDocumentOrder() throws Exception {
        TesseraConfig config = ConfigLoader.load(resource("mycat-main"));

        assertThat(config.users().keySet()).containsExactly("root", "user");
        assertThat(config.tableRules().keySet()).startsWith("rule1", "sharding-by-date", "rule2").endsWith("jch");
        assertThat(config.functions().keySet()).startsWith("murmur", "crc32slot", "hash-int")
                .endsWith("jump-consistent-hash");
    }
}
