package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Node's {@code mysql2} driver, the exact version that {@code src/test/node/package-lock.json} pins, installed with
 * {@code npm ci} into {@code target/node-mysql2} (never into src/), against orders sharded by id mod 2 (even ids on
 * dn1, odd on dn2): {@code clients/mysql2_client.js} connects with default options, inserts and reads by key through
 * {@code execute} (server-side prepared, JS numbers bound as DOUBLE) and {@code query} (client-side), merges an ORDER
 * BY, commits and rolls back over both shards, reads an unknown table's error and changes user ({@code changeUser}, as
 * the read-only user of it/conf/access). Skipped when node or npm is missing or {@code npm ci} cannot reach the
 * registry.
 */
@Tag("integration")
class NodeMysql2IT {

    private static final Path PACKAGE = Path.of("src", "test", "node");
    private static final Path INSTALL = Path.of("target", "node-mysql2");

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/access");

    private static String node;

    @BeforeAll
    static void installMysql2() throws Exception {
        node = ClientScript.onPath("node");
        String npm = ClientScript.onPath("npm");
        assumeTrue(node != null && npm != null, "node or npm is not on the PATH (apt-get install nodejs npm)");
        if (Files.exists(INSTALL)) {
            EmbeddedMariaDb.deleteRecursively(INSTALL);
        }
        Files.createDirectories(INSTALL);
        for (String file : new String[] {"package.json", "package-lock.json"}) {
            Files.copy(PACKAGE.resolve(file), INSTALL.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        ClientScript.Result ci = ClientScript.run(INSTALL, Duration.ofSeconds(300), npm, "ci", "--no-audit",
                "--no-fund", "--loglevel=error");
        assumeTrue(ci.exit() == 0, () -> "npm ci could not install mysql2 (is the npm registry reachable?): "
                + ci.err());
    }

    @Test
    void mysql2WorksAgainstShardedSchema() throws Exception {
        Path script = ClientScript.resource("clients/mysql2_client.js");
        Map<String, String> facts = ClientScript.run(INSTALL, Duration.ofSeconds(120), node, script.toString(),
                INSTALL.toAbsolutePath().toString(), "127.0.0.1", Integer.toString(tessera.port()),
                RunningTessera.USER, RunningTessera.PASSWORD, "TESTDB", "reader", "reader").assertSucceeded().facts();

        assertThat(facts).containsEntry("database", "TESTDB")
                .containsEntry("multi-row insert", "4")
                .containsEntry("execute key 1", "c1").containsEntry("execute key 2", "c2")
                .containsEntry("execute key 3", "c3").containsEntry("execute key 4", "c4")
                .containsEntry("execute key 5", "c5").containsEntry("execute key 6", "c6")
                .containsEntry("query key 3", "c3").containsEntry("query key 4", "c4")
                .containsEntry("execute key DOUBLE 3", "c3").containsEntry("execute key DOUBLE 4", "c4")
                .containsEntry("execute key DECIMAL 5.0", "c5").containsEntry("execute key LONGLONG 6", "c6")
                .containsEntry("execute key '5'", "c5").containsEntry("execute key 5n", "c5")
                .containsEntry("update by 6", "1")
                .containsEntry("order by id desc", "6,5,4,3,2,1")
                .containsEntry("in list", "2,4,5")
                .containsEntry("execute order by id desc limit 1, 3", "5,4,3")
                .containsEntry("query order by id limit 2, 2", "3,4")
                .containsEntry("count, sum", "6,22.50")
                .containsEntry("inside transaction", "10")
                .containsEntry("other connection", "1:c1,2:c2,3:c3,4:c4,5:c5,6:c6,7:c7,8:c8")
                .containsEntry("query error", "ER_NO_SUCH_TABLE 1146 42S02 true")
                .containsEntry("execute error", "ER_NO_SUCH_TABLE 1146 42S02 true")
                .containsEntry("after error", "1")
                // COM_CHANGE_USER: the new user, its default schema, user variables gone; a refused change is fatal
                // as on MySQL, whose server closes the connection
                .containsEntry("changeUser", "reader@% TESTDB null")
                .containsEntry("after changeUser", "c1")
                .containsEntry("changeUser wrong password", "ER_ACCESS_DENIED_ERROR 1045 fatal=true");
        assertThat(NodeRows.on(tessera, "db1", "select id, customer, total from orders order by id"))
                .containsExactly("2|c2|2.00", "4|c4|4.00", "6|c6|7.00", "8|c8|8.00");
        assertThat(NodeRows.on(tessera, "db2", "select id, customer, total from orders order by id"))
                .containsExactly("1|c1|1.50", "3|c3|3.00", "5|c5|5.00", "7|c7|7.00");
    }
}
