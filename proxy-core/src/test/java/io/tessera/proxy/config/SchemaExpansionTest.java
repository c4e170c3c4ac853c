package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code $} ranges, comma lists and table name lists in schema.xml expand as MyCat 1.6's loader does. */
class SchemaExpansionTest {

    private static final String HOSTS = """
                <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                    <heartbeat>select user()</heartbeat>
                    <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                </dataHost>
                <dataHost name="host2" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                    <heartbeat>select user()</heartbeat>
                    <writeHost host="hostM2" url="127.0.0.1:3307" user="root" password=""/>
                </dataHost>
                <dataHost name="host3" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                    <heartbeat>select user()</heartbeat>
                    <writeHost host="hostM3" url="127.0.0.1:3308" user="root" password=""/>
                </dataHost>
            """;

    @TempDir
    Path dir;

    @Test
    void pairsEveryDataHostWithEveryDatabaseHostByHost() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn$1-4" dataHost="host$1-2" database="db$1-2"/>
                """ + HOSTS).load();

        assertThat(config.dataNodes().values()).containsExactly(
                new DataNodeConfig("dn1", "host1", "db1"),
                new DataNodeConfig("dn2", "host1", "db2"),
                new DataNodeConfig("dn3", "host2", "db1"),
                new DataNodeConfig("dn4", "host2", "db2"));
    }

    @Test
    void givesEachHostAllDatabasesOfACommaList() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="a0"/>
                    <dataNode name="a$0-5" dataHost="host1,host3" database="orders,users,logs"/>
                """ + HOSTS).load();

        assertThat(config.dataNodes().values()).containsExactly(
                new DataNodeConfig("a0", "host1", "orders"),
                new DataNodeConfig("a1", "host1", "users"),
                new DataNodeConfig("a2", "host1", "logs"),
                new DataNodeConfig("a3", "host3", "orders"),
                new DataNodeConfig("a4", "host3", "users"),
                new DataNodeConfig("a5", "host3", "logs"));
    }

    @Test
    void expandsARangeOfDatabasesOnOneHost() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="dn0"/>
                    <dataNode name="dn$0-743" dataHost="host1" database="db$0-743"/>
                """ + HOSTS).load();

        assertThat(config.dataNodes()).hasSize(744);
        assertThat(config.dataNodes().get("dn0")).isEqualTo(new DataNodeConfig("dn0", "host1", "db0"));
        assertThat(config.dataNodes().get("dn743")).isEqualTo(new DataNodeConfig("dn743", "host1", "db743"));
    }

    @Test
    void rejectsNameCountsThatDoNotMatchHostsTimesDatabases() {
        List<String> problems = new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="x"/>
                    <dataNode name="dn$1-3" dataHost="host$1-3" database="db$1-3"/>
                    <dataNode name="x" dataHost="host1" database="db$1-2"/>
                """ + HOSTS).problems();

        assertThat(problems).containsExactly(
                "schema.xml:4: <dataNode name=\"dn$1-3\">: name \"dn$1-3\" gives 3 data nodes, but dataHost"
                        + " \"host$1-3\" and database \"db$1-3\" give 3 x 3 = 9 pairs (MyCat pairs every data host"
                        + " with every database, host by host)",
                "schema.xml:5: <dataNode name=\"x\">: name \"x\" gives 1 data node, but dataHost \"host1\" and"
                        + " database \"db$1-2\" give 1 x 2 = 2 pairs (MyCat pairs every data host with every"
                        + " database, host by host)");
    }

    @Test
    void expandsATableDataNodeRange() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB">
                        <table name="oc_call" primaryKey="ID" dataNode="dn1$0-743" rule="mod-long"/>
                    </schema>
                    <dataNode name="dn1$0-743" dataHost="host1" database="db$0-743"/>
                """ + HOSTS).load();

        TableConfig table = config.schemas().get("TESTDB").table("OC_CALL").orElseThrow();
        assertThat(table.dataNodes()).isEqualTo(IntStream.rangeClosed(0, 743).mapToObj(i -> "dn1" + i).toList());
    }

    @Test
    void expandsCommaListsOfRangesInTableDataNodes() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB">
                        <table name="t" dataNode="dn$3-4,dn1,dn$5-6" rule="mod-long"/>
                    </schema>
                    <dataNode name="dn$1-6" dataHost="host1" database="db$1-6"/>
                """ + HOSTS).load();

        assertThat(config.schemas().get("TESTDB").table("t").orElseThrow().dataNodes())
                .containsExactly("dn3", "dn4", "dn1", "dn5", "dn6");
    }

    @Test
    void definesOneTablePerNameOfACommaList() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB">
                        <table name="orders_2023, orders_2024" splitTableNames="true" dataNode="dn1"/>
                        <table name="t1,t2" dataNode="dn1" type="global"/>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                """ + HOSTS).load();

        SchemaConfig schema = config.schemas().get("TESTDB");
        assertThat(schema.tables().keySet()).containsExactly("ORDERS_2023", "ORDERS_2024", "T1", "T2");
        assertThat(schema.table("orders_2024").orElseThrow().name()).isEqualTo("orders_2024");
        assertThat(schema.table("T2").orElseThrow().type()).isEqualTo(TableType.GLOBAL);
        assertThat(schema.table("orders_2023").orElseThrow().type()).isEqualTo(TableType.SINGLE_NODE);
    }

    @Test
    void appendsMycatsMonthSuffixesStartingAMonthEarly() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB">
                        <table name="log_" nameSuffix="yyyymm,2015,01,13" dataNode="dn1"/>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                """ + HOSTS).load();

        assertThat(config.schemas().get("TESTDB").tables().values()).extracting(TableConfig::name)
                .hasSize(14).startsWith("log_201412", "log_201501").endsWith("log_201601");
    }

    @Test
    void appendsMycatsDaySuffixes() throws Exception {
        assertThat(TableNames.withSuffix("t", "YYYYMMDD,2016,02,28,2"))
                .containsExactly("t20160228", "t20160229", "t20160301");
        assertThat(TableNames.withSuffix("t", "yyyymm,2015,13,1")).containsExactly("t201512", "t201601");
    }

    /**
     * MyCat visits the hosts in the order of a {@code HashMap} sized by the number of data hosts: for host1,
     * host2 and host3 that is host1, host3, host2.
     */
    @Test
    void distributesNodesAcrossHostsInMycatsOrder() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB">
                        <table name="t" dataNode="distribute(dn$1-2,dn$100-101,dn$300-301)" rule="mod-long"/>
                    </schema>
                    <dataNode name="dn$1-2" dataHost="host1" database="db$1-2"/>
                    <dataNode name="dn$100-101" dataHost="host2" database="db$1-2"/>
                    <dataNode name="dn$300-301" dataHost="host3" database="db$1-2"/>
                """ + HOSTS).load();

        assertThat(config.schemas().get("TESTDB").table("t").orElseThrow().dataNodes())
                .containsExactly("dn1", "dn300", "dn100", "dn2", "dn301", "dn101");
    }

    @Test
    void expandsSubTables() {
        TesseraConfig config = new TestConf(dir).schema("""
                    <schema name="TESTDB">
                        <table name="t" dataNode="dn1" subTables="t_$1-3"/>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                """ + HOSTS).load();

        assertThat(config.schemas().get("TESTDB").table("t").orElseThrow().subTables())
                .containsExactly("t_1", "t_2", "t_3");
    }
}
