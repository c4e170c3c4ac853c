package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Python's two MySQL drivers, as Debian packages them ({@code python3-pymysql}, {@code python3-mysqldb}, which
 * install into Debian's {@code /usr/bin/python3}; .ci/run installs them), against orders sharded by id mod 2 (even
 * ids on dn1, odd on dn2): {@code clients/python_dbapi.py} connects with default options, inserts, reads by key
 * (also with a float and a string parameter), merges an ORDER BY, commits and rolls back over both shards and
 * reads an unknown table's error. Skipped when the interpreter or the driver is missing.
 */
@Tag("integration")
class PythonClientsIT {

    private static final String PYTHON = "/usr/bin/python3";
    private static final int MISSING_MODULE = 3;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pymysql", "MySQLdb"})
    void driverWorksAgainstShardedSchema(String driver) throws Exception {
        assumeTrue(ClientScript.executable(PYTHON), PYTHON + " is missing (apt-get install python3)");
        Path script = ClientScript.resource("clients/python_dbapi.py");
        ClientScript.Result result = ClientScript.run(script.getParent(), Duration.ofSeconds(120), PYTHON,
                script.toString(), driver, "127.0.0.1", Integer.toString(tessera.port()), RunningTessera.USER,
                RunningTessera.PASSWORD, "TESTDB");
        assumeTrue(result.exit() != MISSING_MODULE, () -> driver + " is not installed for " + PYTHON
                + " (apt-get install python3-pymysql python3-mysqldb): " + result.lines());
        Map<String, String> facts = result.assertSucceeded().facts();

        assertThat(facts).containsEntry("database", "TESTDB")
                .containsEntry("executemany", "4")
                .containsEntry("key 1", "c1").containsEntry("key 2", "c2").containsEntry("key 3", "c3")
                .containsEntry("key 4", "c4").containsEntry("key 5", "c5").containsEntry("key 6", "c6")
                .containsEntry("float key 3.0", "c3").containsEntry("float key 4.0", "c4")
                .containsEntry("string key '5'", "c5")
                .containsEntry("update by float 6.0", "1")
                .containsEntry("order by id desc", "6,5,4,3,2,1")
                .containsEntry("in list", "2,4,5")
                .containsEntry("order by id desc limit 1, 3", "5,4,3")
                .containsEntry("database after select_db", "TESTDB")
                .containsEntry("count, sum", "6,22.50")
                .containsEntry("inside transaction", "10")
                .containsEntry("other connection", "1:c1,2:c2,3:c3,4:c4,5:c5,6:c6,7:c7,8:c8")
                .containsEntry("error", "ProgrammingError 1146 True")
                .containsEntry("after error", "1");
        assertThat(NodeRows.on(tessera, "db1", "select id, customer, total from orders order by id"))
                .containsExactly("2|c2|2.00", "4|c4|4.00", "6|c6|7.00", "8|c8|8.00");
        assertThat(NodeRows.on(tessera, "db2", "select id, customer, total from orders order by id"))
                .containsExactly("1|c1|1.50", "3|c3|3.00", "5|c5|5.00", "7|c7|7.00");
    }
}
