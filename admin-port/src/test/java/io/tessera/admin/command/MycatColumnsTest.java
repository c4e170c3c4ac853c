package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code show} command answers MyCat 1.6's columns: names, order and MySQL types (reference contract section
 * 1.13, and MyCat's {@code manager/response} sources where the contract omits the types). One dynamic test per
 * statement, and a check that no listed statement is missing here: a new command lands with its contract.
 */
class MycatColumnsTest {

    /** Statement as {@code show @@help} lists it, with its placeholders filled in, and its columns. */
    private static final Map<String, String> CONTRACT = contract(
            entry("show @@help",
                    "STATEMENT VAR_STRING, DESCRIPTION VAR_STRING"),
            entry("show @@time.current",
                    "TIMESTAMP LONGLONG"),
            entry("show @@time.startup",
                    "TIMESTAMP LONGLONG"),
            entry("show @@version",
                    "VERSION STRING"),
            entry("show @@server",
                    "UPTIME VAR_STRING, USED_MEMORY LONGLONG, TOTAL_MEMORY LONGLONG, MAX_MEMORY LONGLONG,"
                    + " RELOAD_TIME LONGLONG, ROLLBACK_TIME LONGLONG, CHARSET VAR_STRING, STATUS VAR_STRING"),
            entry("show @@threadpool",
                    "NAME VAR_STRING, POOL_SIZE LONG, ACTIVE_COUNT LONG, TASK_QUEUE_SIZE LONG,"
                    + " COMPLETED_TASK LONGLONG, TOTAL_TASK LONGLONG"),
            entry("show @@database",
                    "DATABASE VAR_STRING"),
            entry("show @@datanode",
                    "NAME VAR_STRING, DATHOST VAR_STRING, INDEX LONG, TYPE VAR_STRING, ACTIVE LONG, IDLE LONG,"
                    + " SIZE LONG, EXECUTE LONGLONG, TOTAL_TIME DOUBLE, MAX_TIME DOUBLE, MAX_SQL LONGLONG,"
                    + " RECOVERY_TIME LONGLONG"),
            entry("show @@datanode where schema = TESTDB",
                    "NAME VAR_STRING, DATHOST VAR_STRING, INDEX LONG, TYPE VAR_STRING, ACTIVE LONG, IDLE LONG,"
                    + " SIZE LONG, EXECUTE LONGLONG, TOTAL_TIME DOUBLE, MAX_TIME DOUBLE, MAX_SQL LONGLONG,"
                    + " RECOVERY_TIME LONGLONG"),
            entry("show @@datasource",
                    "DATANODE VAR_STRING, NAME VAR_STRING, TYPE VAR_STRING, HOST VAR_STRING, PORT LONG,"
                    + " W/R VAR_STRING, ACTIVE LONG, IDLE LONG, SIZE LONG, EXECUTE LONGLONG, READ_LOAD LONG,"
                    + " WRITE_LOAD LONG"),
            entry("show @@datasource where dataNode = dn1",
                    "DATANODE VAR_STRING, NAME VAR_STRING, TYPE VAR_STRING, HOST VAR_STRING, PORT LONG,"
                    + " W/R VAR_STRING, ACTIVE LONG, IDLE LONG, SIZE LONG, EXECUTE LONGLONG, READ_LOAD LONG,"
                    + " WRITE_LOAD LONG"),
            entry("show @@datasource.synstatus",
                    "name VAR_STRING, host VAR_STRING, port VAR_STRING, Master_Host VAR_STRING,"
                    + " Master_Port LONG, Master_Use VAR_STRING, Seconds_Behind_Master LONG,"
                    + " Slave_IO_Running VAR_STRING, Slave_SQL_Running VAR_STRING, Slave_IO_State VAR_STRING,"
                    + " Connect_Retry LONG, Last_IO_Error VAR_STRING, Last_SQL_Error VAR_STRING,"
                    + " Last_SQL_Errno LONG"),
            entry("show @@datasource.syndetail where name=hostS1",
                    "name VAR_STRING, host VAR_STRING, port VAR_STRING, Master_Host VAR_STRING,"
                    + " Master_Port LONG, Master_Use VAR_STRING, TIME DATETIME, Seconds_Behind_Master LONG"),
            entry("show @@processor",
                    "NAME VAR_STRING, NET_IN LONGLONG, NET_OUT LONGLONG, REACT_COUNT LONGLONG, R_QUEUE LONG,"
                    + " W_QUEUE LONG, FREE_BUFFER LONGLONG, TOTAL_BUFFER LONGLONG, BU_PERCENT TINY, BU_WARNS LONG,"
                    + " FC_COUNT LONG, BC_COUNT LONG"),
            entry("show @@backend",
                    "processor VAR_STRING, id LONG, mysqlId LONG, host VAR_STRING, port LONG, l_port LONG,"
                    + " net_in LONGLONG, net_out LONGLONG, life LONGLONG, closed VAR_STRING, borrowed VAR_STRING,"
                    + " SEND_QUEUE LONG, schema VAR_STRING, charset VAR_STRING, txlevel VAR_STRING,"
                    + " autocommit VAR_STRING, tx_readonly VAR_STRING"),
            entry("show @@command",
                    "PROCESSOR VAR_STRING, INIT_DB LONGLONG, QUERY LONGLONG, STMT_PREPARE LONGLONG,"
                    + " STMT_EXECUTE LONGLONG, STMT_CLOSE LONGLONG, PING LONGLONG, KILL LONGLONG, QUIT LONGLONG,"
                    + " OTHER LONGLONG"),
            entry("show @@connection",
                    "PROCESSOR VAR_STRING, ID LONG, HOST VAR_STRING, PORT LONG, LOCAL_PORT LONG,"
                    + " USER VAR_STRING, SCHEMA VAR_STRING, CHARSET VAR_STRING, NET_IN LONGLONG, NET_OUT LONGLONG,"
                    + " ALIVE_TIME(S) LONGLONG, RECV_BUFFER LONG, SEND_QUEUE LONG, txlevel VAR_STRING,"
                    + " autocommit VAR_STRING"),
            // MyCat declares ACCESS..LAST_PUT LONG and writes epoch milliseconds into them, which Connector/J
            // cannot read as an int: Tessera declares them LONGLONG (docs/admin.md, differences from MyCat)
            entry("show @@cache",
                    "CACHE VAR_STRING, MAX LONG, CUR LONG, ACCESS LONGLONG, HIT LONGLONG, PUT LONGLONG,"
                    + " LAST_ACCESS LONGLONG, LAST_PUT LONGLONG"),
            entry("show @@cluster", // Tessera's own
                    "MYID VAR_STRING, STATE VAR_STRING, HOST VAR_STRING, PORT LONG, MANAGER_PORT LONG,"
                    + " VERSION VAR_STRING, CONFIG_VERSION LONGLONG, CONFIG_ERROR VAR_STRING, SELF VAR_STRING"),
            entry("show @@deadlock", // Tessera's own
                    "DETECTED LONGLONG, VICTIMS LONGLONG, LAST_DETECT_MILLIS LONGLONG, MAX_DETECT_MILLIS LONGLONG,"
                    + " CHECK_PERIOD_MILLIS LONGLONG"),
            entry("show @@session",
                    "SESSION VAR_STRING, DN_COUNT VAR_STRING, DN_LIST VAR_STRING"),
            entry("show @@connection.sql",
                    "ID LONG, HOST VAR_STRING, USER VAR_STRING, SCHEMA VAR_STRING, START_TIME LONGLONG,"
                    + " EXECUTE_TIME LONGLONG, SQL VAR_STRING"),
            entry("show @@sql",
                    "ID LONGLONG, USER VARCHAR, START_TIME LONGLONG, EXECUTE_TIME LONGLONG, SQL VAR_STRING,"
                    + " IP VAR_STRING"),
            entry("show @@sql.high",
                    "ID LONGLONG, USER VARCHAR, FREQUENCY LONGLONG, AVG_TIME LONGLONG, MAX_TIME LONGLONG,"
                    + " MIN_TIME LONGLONG, EXECUTE_TIME LONGLONG, LAST_TIME LONGLONG, SQL VAR_STRING, IP VAR_STRING"),
            entry("show @@sql.slow",
                    "USER VAR_STRING, DATASOURCE VAR_STRING, START_TIME LONGLONG, EXECUTE_TIME LONGLONG,"
                    + " SQL VAR_STRING, IP VAR_STRING, SCHEMA VAR_STRING"),
            entry("show @@sql.large",
                    "USER VAR_STRING, ROWS LONGLONG, START_TIME LONGLONG, EXECUTE_TIME LONGLONG, SQL VAR_STRING,"
                    + " IP VAR_STRING"),
            entry("show @@sql.resultset",
                    "ID LONGLONG, USER VARCHAR, FREQUENCY LONGLONG, SQL VAR_STRING, RESULTSET_SIZE INT24"),
            entry("show @@sql.sum",
                    "ID LONGLONG, USER VARCHAR, R LONGLONG, W LONGLONG, R% VAR_STRING, MAX VAR_STRING,"
                    + " NET_IN LONGLONG, NET_OUT LONGLONG, TIME_COUNT VAR_STRING, TTL_COUNT VAR_STRING,"
                    + " LAST_TIME LONGLONG"),
            entry("show @@sql.sum.user",
                    "ID LONGLONG, USER VARCHAR, R LONGLONG, W LONGLONG, R% VAR_STRING, MAX VAR_STRING,"
                    + " NET_IN LONGLONG, NET_OUT LONGLONG, TIME_COUNT VAR_STRING, TTL_COUNT VAR_STRING,"
                    + " LAST_TIME LONGLONG"),
            entry("show @@sql.sum.table",
                    "ID LONGLONG, TABLE VARCHAR, R LONGLONG, W LONGLONG, R% VAR_STRING, RELATABLE VAR_STRING,"
                    + " RELACOUNT VAR_STRING, LAST_TIME LONGLONG"),
            entry("show @@parser",
                    "PROCESSOR_NAME VAR_STRING, PARSE_COUNT LONGLONG, TIME_COUNT DOUBLE, MAX_PARSE_TIME DOUBLE,"
                    + " MAX_PARSE_SQL_ID LONGLONG, CACHED_COUNT LONGLONG, CACHE_SIZE LONG"),
            entry("show @@router",
                    "PROCESSOR_NAME VAR_STRING, ROUTE_COUNT LONGLONG, TIME_COUNT FLOAT, MAX_ROUTE_TIME FLOAT,"
                    + " MAX_ROUTE_SQL_ID LONGLONG"),
            entry("show @@heartbeat",
                    "NAME VAR_STRING, TYPE VAR_STRING, HOST VAR_STRING, PORT LONG, RS_CODE LONG, RETRY LONG,"
                    + " STATUS VAR_STRING, TIMEOUT LONGLONG, EXECUTE_TIME VAR_STRING, LAST_ACTIVE_TIME VAR_STRING,"
                    + " STOP VAR_STRING"),
            entry("show @@heartbeat.detail where name=hostS1",
                    "NAME VAR_STRING, TYPE VAR_STRING, HOST VAR_STRING, PORT LONG, TIME DATETIME,"
                    + " EXECUTE_TIME VAR_STRING"),
            entry("show @@sysparam",
                    "PARAM_NAME VAR_STRING, PARAM_VALUE VAR_STRING, PARAM_DESCR VAR_STRING"),
            entry("show @@syslog limit=5",
                    "DATE VARCHAR, LOG VARCHAR"),
            entry("show @@white",
                    "IP VAR_STRING, USER VAR_STRING"));

    @TestFactory
    List<DynamicTest> eachShowCommandHasMyCatsColumns() {
        return CONTRACT.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            AdminReply reply = Replies.settled(Replies.reply(e.getKey(), FakeContext.sample()));
            assertThat(reply).isInstanceOf(AdminReply.Rows.class);
            assertThat(signature(((AdminReply.Rows) reply).table().columns())).isEqualTo(e.getValue());
        })).toList();
    }

    @Test
    void everyListedShowStatementHasItsContractHere() {
        List<String> listed = Replies.table("show @@help").rows().stream().map(row -> fill(row.get(0)))
                .filter(statement -> statement.startsWith("show")).toList();
        assertThat(CONTRACT.keySet()).containsExactlyInAnyOrderElementsOf(
                Stream.concat(Stream.of("show @@help"), listed.stream()).toList());
    }

    private static String fill(String statement) {
        return statement.replace("schema = ?", "schema = TESTDB").replace("dataNode = ?", "dataNode = dn1")
                .replace("name=?", "name=hostS1").replace("limit=?", "limit=5");
    }

    private static String signature(List<ColumnDefinition41> columns) {
        return columns.stream().map(c -> c.name() + " " + c.type()).collect(Collectors.joining(", "));
    }

    @SafeVarargs
    private static Map<String, String> contract(Map.Entry<String, String>... entries) {
        Map<String, String> contract = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : entries) {
            contract.put(e.getKey(), e.getValue());
        }
        return contract;
    }

    private static Map.Entry<String, String> entry(String statement, String columns) {
        return Map.entry(statement, columns);
    }
}
