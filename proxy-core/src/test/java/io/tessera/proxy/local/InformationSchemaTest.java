package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.Command;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.local.VirtualTables;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.SchemaCatalog;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The derived tables without data nodes to ask; with them, InformationSchemaIT. */
class InformationSchemaTest {

    /** A schema that has no data node at all: its character set is unknown, and no data node is asked. */
    private static final SchemaCatalog CATALOG = new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", null,
            List.of())));

    private final Clients clients = new Clients();
    private final ClientChannel me = clients.loggedIn(1, "test", "TESTDB");

    private InformationSchema informationSchema(String serverVersion) {
        return new InformationSchema(CATALOG, null, new ProcessList(clients.connections), serverVersion);
    }

    @Test
    void processListIsTheConnectionsTheUserSeesInMysqlsColumns() {
        me.activity().started(Command.QUERY);
        me.activity().statement("SELECT * FROM information_schema.PROCESSLIST");
        clients.loggedIn(2, "other", null);

        Map<String, String> selects = informationSchema("8.0.36-Tessera").derivedTables(me,
                Set.of(VirtualTables.PROCESSLIST)).join();

        assertThat(selects).containsOnlyKeys(VirtualTables.PROCESSLIST);
        assertThat(selects.get(VirtualTables.PROCESSLIST)).startsWith("SELECT CAST(1 AS UNSIGNED) AS `ID`,")
                .contains("AS `USER`", "AS `HOST`", "AS `DB`", "AS `COMMAND`", "AS `TIME`", "AS `STATE`", "AS `INFO`")
                .doesNotContain("UNION"); // other's connection is not the user's
    }

    @Test
    void schemataListsTheUsersSchemasWithMysqlsOrMariaDbsColumns() {
        String mysql = informationSchema("8.0.36-Tessera").derivedTables(me, Set.of(VirtualTables.SCHEMATA)).join()
                .get(VirtualTables.SCHEMATA);
        String mariaDb = informationSchema("10.11.6-MariaDB-Tessera").derivedTables(me,
                Set.of(VirtualTables.SCHEMATA)).join().get(VirtualTables.SCHEMATA);

        assertThat(mysql).contains("X'544553544442'", "AS `DEFAULT_ENCRYPTION`").doesNotContain("SCHEMA_COMMENT");
        assertThat(mariaDb).contains("X'544553544442'", "AS `SCHEMA_COMMENT`").doesNotContain("DEFAULT_ENCRYPTION");
    }
}
