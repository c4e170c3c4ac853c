package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schema.xml problems: each message names the file, line, element, attribute and rule broken. */
class SchemaValidationTest {

    @TempDir
    Path dir;

    private TestConf conf() {
        return new TestConf(dir);
    }

    @Test
    void reportsATableOnAnUndefinedDataNode() {
        assertThat(conf().schema("""
                    <schema name="TESTDB">
                        <table name="travelrecord" dataNode="dn1,dn9" rule="mod-long"/>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).problems()).containsExactly(
                "schema.xml:4: <schema name=\"TESTDB\"><table name=\"travelrecord\">: dataNode \"dn1,dn9\":"
                        + " no <dataNode name=\"dn9\">");
    }

    @Test
    void reportsUndefinedReferencesOfSchemasDataNodesAndTables() {
        assertThat(conf().schema("""
                    <schema name="TESTDB" dataNode="dn7" randomDataNode="dn8">
                        <table name="t" dataNode="dn1" rule="no-such-rule"/>
                    </schema>
                    <dataNode name="dn1" dataHost="host9" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).problems()).containsExactly(
                "schema.xml:3: <schema name=\"TESTDB\">: dataNode \"dn7\": no <dataNode name=\"dn7\">",
                "schema.xml:3: <schema name=\"TESTDB\">: randomDataNode \"dn8\": no <dataNode name=\"dn8\">",
                "schema.xml:4: <schema name=\"TESTDB\"><table name=\"t\">: rule \"no-such-rule\": no <tableRule"
                        + " name=\"no-such-rule\"> in rule.xml",
                "schema.xml:6: <dataNode name=\"dn1\">: dataHost \"host9\": no <dataHost name=\"host9\">");
    }

    @Test
    void reportsDuplicateNames() {
        assertThat(conf().schema("""
                    <schema name="TESTDB" dataNode="dn1">
                        <table name="t" dataNode="dn1"/>
                        <table name="T" dataNode="dn1"/>
                        <table name="c" dataNode="dn1">
                            <childTable name="t" joinKey="c_id" parentKey="id"/>
                        </table>
                    </schema>
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataNode name="dn$0-1" dataHost="host1" database="db$0-1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                        <writeHost host="hostM1" url="127.0.0.1:3307" user="root" password="">
                            <readHost host="s1" url="127.0.0.1:3308" user="root" password=""/>
                            <readHost host="s1" url="127.0.0.1:3309" user="root" password=""/>
                        </writeHost>
                    </dataHost>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).problems()).containsExactly(
                "schema.xml:5: <schema name=\"TESTDB\"><table name=\"T\">: name \"T\": a table of that name is"
                        + " already defined at line 4",
                "schema.xml:7: <schema name=\"TESTDB\"><table name=\"c\"><childTable name=\"t\">: name \"t\": a table"
                        + " of that name is already defined at line 4",
                "schema.xml:10: <schema name=\"TESTDB\">: name \"TESTDB\": another <schema> has that name, at line 3",
                "schema.xml:12: <dataNode name=\"dn$0-1\">: name \"dn$0-1\": data node \"dn1\" already defined at"
                        + " line 11",
                "schema.xml:16: <dataHost name=\"host1\"><writeHost host=\"hostM1\">: host \"hostM1\": already used by"
                        + " the <writeHost> at line 15",
                "schema.xml:18: <dataHost name=\"host1\"><writeHost host=\"hostM1\"><readHost host=\"s1\">: host"
                        + " \"s1\": already used by the <readHost> at line 17",
                "schema.xml:21: <dataHost name=\"host1\">: name \"host1\": another <dataHost> has that name, at"
                        + " line 13");
    }

    @Test
    void reportsMissingRequiredAttributesAndElements() {
        assertThat(conf().schema("""
                    <schema dataNode="dn1">
                        <table name="t">
                            <childTable name="c" parentKey="id"/>
                        </table>
                    </schema>
                    <dataNode name="dn1" database="db1"/>
                    <dataHost name="host1" maxCon="10" balance="0" dbDriver="native">
                        <writeHost url="127.0.0.1:3306" user=""/>
                    </dataHost>
                    <dataHost name="host2" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat/>
                    </dataHost>
                """).problems()).containsExactly(
                "server.xml:5: <user name=\"test\"><property name=\"schemas\">: schema \"TESTDB\": no <schema"
                        + " name=\"TESTDB\"> in schema.xml",
                "schema.xml:3: <schema>: missing required attribute name",
                "schema.xml:4: <schema><table name=\"t\">: missing required attribute dataNode",
                "schema.xml:5: <schema><table name=\"t\"><childTable name=\"c\">: missing required attribute joinKey",
                "schema.xml:8: <dataNode name=\"dn1\">: missing required attribute dataHost",
                "schema.xml:9: <dataHost name=\"host1\">: missing required attribute minCon",
                "schema.xml:9: <dataHost name=\"host1\">: missing required attribute dbType",
                "schema.xml:9: <dataHost name=\"host1\">: missing required element <heartbeat>",
                "schema.xml:10: <dataHost name=\"host1\"><writeHost>: missing required attribute host",
                "schema.xml:10: <dataHost name=\"host1\"><writeHost>: user \"\": must not be empty",
                "schema.xml:10: <dataHost name=\"host1\"><writeHost>: missing required attribute password",
                "schema.xml:12: <dataHost name=\"host2\">: no <writeHost>: a data host needs at least one");
    }

    @Test
    void reportsNumbersThatAreNotNumbersOrOutOfRange() {
        assertThat(conf().schema("""
                    <schema name="TESTDB" dataNode="dn1" sqlMaxLimit="0" checkSQLschema="yes"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="ten" minCon="1" balance="4" balanceType="3" writeType="-1"
                              switchType="4" slaveThreshold="-2" tempReadHostAvailable="2" maxRetryCount="-1"
                              dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="" weight="-1"
                                   usingDecrypt="yes" checkAlive="1"/>
                    </dataHost>
                    <dataHost name="host2" maxCon="0" minCon="-1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                    <dataHost name="host3" maxCon="10" minCon="20" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).problems()).containsExactly(
                "schema.xml:3: <schema name=\"TESTDB\">: checkSQLschema \"yes\": expected true or false",
                "schema.xml:3: <schema name=\"TESTDB\">: sqlMaxLimit \"0\": expected -1 (no limit) or >= 1",
                "schema.xml:5: <dataHost name=\"host1\">: maxCon \"ten\": expected an integer >= 1",
                "schema.xml:5: <dataHost name=\"host1\">: balance \"4\": expected 0..3",
                "schema.xml:5: <dataHost name=\"host1\">: balanceType \"3\": expected 0..2",
                "schema.xml:5: <dataHost name=\"host1\">: writeType \"-1\": expected 0..2",
                "schema.xml:5: <dataHost name=\"host1\">: switchType \"4\": expected -1..3",
                "schema.xml:5: <dataHost name=\"host1\">: slaveThreshold \"-2\": expected >= -1",
                "schema.xml:5: <dataHost name=\"host1\">: tempReadHostAvailable \"2\": expected 0 or 1",
                "schema.xml:5: <dataHost name=\"host1\">: maxRetryCount \"-1\": expected >= 0",
                "schema.xml:9: <dataHost name=\"host1\"><writeHost host=\"hostM1\">: usingDecrypt \"yes\": expected"
                        + " 0 or 1",
                "schema.xml:9: <dataHost name=\"host1\"><writeHost host=\"hostM1\">: weight \"-1\": expected >= 0",
                "schema.xml:9: <dataHost name=\"host1\"><writeHost host=\"hostM1\">: checkAlive \"1\": expected true"
                        + " or false",
                "schema.xml:12: <dataHost name=\"host2\">: maxCon \"0\": expected >= 1",
                "schema.xml:12: <dataHost name=\"host2\">: minCon \"-1\": expected >= 0",
                "schema.xml:16: <dataHost name=\"host3\">: minCon \"20\": greater than maxCon \"10\"");
    }

    @Test
    void reportsDriversUrlsAndDatabaseTypesThatDoNotFit() {
        assertThat(conf().schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="localhost" user="root" password="">
                            <readHost host="s1" url="::1:3306" user="root" password=""/>
                            <readHost host="s2" url="127.0.0.1:0" user="root" password=""/>
                        </writeHost>
                        <writeHost host="hostM2" url="jdbc:mysql://127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                    <dataHost name="host2" maxCon="10" minCon="1" balance="0" dbType="oracle" dbDriver="native">
                        <heartbeat>select 1 from dual</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:1521" user="base" password=""/>
                    </dataHost>
                    <dataHost name="host3" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="odbc">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                    <dataHost name="host4" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="jdbc">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).problems()).containsExactly(
                "schema.xml:7: <dataHost name=\"host1\"><writeHost host=\"hostM1\">: url \"localhost\": expected"
                        + " host:port with a port 1..65535 (dbDriver=\"native\"), e.g. 127.0.0.1:3306 or [::1]:3306",
                "schema.xml:8: <dataHost name=\"host1\"><writeHost host=\"hostM1\"><readHost host=\"s1\">: url"
                        + " \"::1:3306\": expected host:port with a port 1..65535 (dbDriver=\"native\"), e.g."
                        + " 127.0.0.1:3306 or [::1]:3306",
                "schema.xml:9: <dataHost name=\"host1\"><writeHost host=\"hostM1\"><readHost host=\"s2\">: url"
                        + " \"127.0.0.1:0\": expected host:port with a port 1..65535 (dbDriver=\"native\"), e.g."
                        + " 127.0.0.1:3306 or [::1]:3306",
                "schema.xml:11: <dataHost name=\"host1\"><writeHost host=\"hostM2\">: url"
                        + " \"jdbc:mysql://127.0.0.1:3306\": expected host:port with a port 1..65535"
                        + " (dbDriver=\"native\"), e.g. 127.0.0.1:3306 or [::1]:3306",
                "schema.xml:13: <dataHost name=\"host2\">: dbType \"oracle\": dbDriver=\"native\" reaches MySQL only;"
                        + " use dbType=\"mysql\" or dbDriver=\"jdbc\"",
                "schema.xml:17: <dataHost name=\"host3\">: dbDriver \"odbc\": expected native or jdbc",
                "schema.xml:23: <dataHost name=\"host4\"><writeHost host=\"hostM1\">: url \"127.0.0.1:3306\":"
                        + " expected a JDBC URL (jdbc:...) with dbDriver=\"jdbc\"");
    }

    @Test
    void reportsTablesWhoseTypeRuleAndNodesDisagree() {
        assertThat(conf().schema("""
                    <schema name="TESTDB">
                        <table name="a" dataNode="dn1,dn2"/>
                        <table name="b" dataNode="dn1,dn2" type="global" rule="mod-long"/>
                        <table name="c" dataNode="dn1" ruleRequired="true"/>
                        <table name="d" dataNode="dn1" type="sharded"/>
                        <table name="e" dataNode="dn1,dn1" rule="mod-long"/>
                        <table name="f,g" dataNode="dn1">
                            <childTable name="h" joinKey="f_id" parentKey="id"/>
                        </table>
                        <table name="i,,j" dataNode="dn1"/>
                        <table name="k,l" nameSuffix="yyyymm,2015,01,2" dataNode="dn1"/>
                        <table name="m" nameSuffix="weekly" dataNode="dn1"/>
                        <table name="n" dataNode="distribute(dn1" rule="mod-long"/>
                        <table name="o" dataNode="dn$2-1"/>
                    </schema>
                    <schema name="EMPTY"/>
                    <dataNode name="dn$1-2" dataHost="host1" database="db$1-2"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                """).problems()).containsExactly(
                "schema.xml:4: <schema name=\"TESTDB\"><table name=\"a\">: dataNode \"dn1,dn2\": a table on 2 data"
                        + " nodes needs a rule (or type=\"global\")",
                "schema.xml:5: <schema name=\"TESTDB\"><table name=\"b\">: rule \"mod-long\": a global table takes"
                        + " no rule",
                "schema.xml:6: <schema name=\"TESTDB\"><table name=\"c\">: ruleRequired \"true\": the table has no"
                        + " rule",
                "schema.xml:7: <schema name=\"TESTDB\"><table name=\"d\">: type \"sharded\": expected global (or no"
                        + " type)",
                "schema.xml:8: <schema name=\"TESTDB\"><table name=\"e\">: dataNode \"dn1,dn1\": \"dn1\" listed twice",
                "schema.xml:9: <schema name=\"TESTDB\"><table name=\"f,g\">: <childTable> needs a single table name,"
                        + " not a list",
                "schema.xml:12: <schema name=\"TESTDB\"><table name=\"i,,j\">: name \"i,,j\": the list has an empty"
                        + " table name",
                "schema.xml:13: <schema name=\"TESTDB\"><table name=\"k,l\">: nameSuffix \"yyyymm,2015,01,2\": needs"
                        + " a single table name, not a list",
                "schema.xml:14: <schema name=\"TESTDB\"><table name=\"m\">: nameSuffix \"weekly\": expected"
                        + " yyyymm,<year>,<month>,<count> or yyyymmdd,<year>,<month>,<day>,<count>",
                "schema.xml:15: <schema name=\"TESTDB\"><table name=\"n\">: dataNode \"distribute(dn1\": expected"
                        + " distribute(<data nodes>)",
                "schema.xml:16: <schema name=\"TESTDB\"><table name=\"o\">: dataNode \"dn$2-1\": range \"dn$2-1\""
                        + " runs backwards (2 > 1)",
                "schema.xml:18: <schema name=\"EMPTY\">: no <table> and no dataNode: a schema needs one or the other");
    }

    @Test
    void acceptsAShardedTableOnOneNodeAndAnEmptyHeartbeat() {
        TesseraConfig config = conf().schema("""
                    <schema name="TESTDB">
                        <table name="t" dataNode="dn1" rule="mod-long"/>
                    </schema>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="1" minCon="0" balance="3" dbType="MySQL" dbDriver="NATIVE">
                        <heartbeat></heartbeat>
                        <writeHost host="hostM1" url="[::1]:3306" user="root" password="">
                            <readHost host="s1" url=" db-replica.example : 3307 " user="ro" password="x" weight="2"/>
                        </writeHost>
                    </dataHost>
                """).load();

        assertThat(config.schemas().get("TESTDB").table("t").orElseThrow().type()).isEqualTo(TableType.SHARDED);
        DataHostConfig host = config.dataHosts().get("host1");
        assertThat(host.heartbeatSql()).isEmpty();
        assertThat(host.switchType().code()).isEqualTo(-1);
        assertThat(host.slaveThreshold()).isEqualTo(-1);
        WriteHostConfig write = host.writeHosts().get(0);
        assertThat(write.hostName()).isEqualTo("::1");
        assertThat(write.port()).isEqualTo(3306);
        assertThat(write.readHosts()).containsExactly(new ReadHostConfig("s1", "db-replica.example : 3307",
                "db-replica.example", 3307, "ro", "x", false, 2, HostTlsConfig.DISABLED));
    }

    @Test
    void readsConnectionInitSqlInOrder() {
        TesseraConfig config = conf().schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="oracle" dbDriver="jdbc">
                        <heartbeat>select 1 from dual</heartbeat>
                        <connectionInitSql>alter session set nls_date_format='yyyy-mm-dd'</connectionInitSql>
                        <connectionInitSql> set names utf8 </connectionInitSql>
                        <writeHost host="hostM1" url="jdbc:oracle:thin:@127.0.0.1:1521:orcl" user="base" password="p"/>
                    </dataHost>
                """).load();

        DataHostConfig host = config.dataHosts().get("host1");
        assertThat(host.connectionInitSql()).containsExactly("alter session set nls_date_format='yyyy-mm-dd'",
                "set names utf8");
        assertThat(host.writeHosts().get(0).hostName()).isEmpty();
        assertThat(host.writeHosts().get(0).port()).isEqualTo(-1);
    }
}
