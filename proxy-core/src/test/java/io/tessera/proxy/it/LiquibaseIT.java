package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.sequence.MemorySequences;
import java.sql.Connection;
import java.sql.DriverManager;
import liquibase.Scope;
import liquibase.command.CommandScope;
import liquibase.command.core.UpdateCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Liquibase updating a logical schema at application start-up through Tessera: its DATABASECHANGELOG and
 * DATABASECHANGELOGLOCK tables are not in schema.xml and so live on the default node (dn1), its lock is an UPDATE of
 * the lock row, and its change sets create, alter and fill a table sharded over dn1 and dn2.
 */
@Tag("integration")
class LiquibaseIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sequences")
            .withSequences(new MemorySequences().with("ORDERS", 1).with("GLOBAL", 1));

    private static void update() throws Exception {
        try (Connection c = DriverManager.getConnection(NodeRows.url(tessera), RunningTessera.USER,
                RunningTessera.PASSWORD)) {
            Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
            Scope.child(Scope.Attr.resourceAccessor.name(),
                    new ClassLoaderResourceAccessor(LiquibaseIT.class.getClassLoader()),
                    () -> new CommandScope(UpdateCommandStep.COMMAND_NAME)
                            .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                            .addArgumentValue(UpdateCommandStep.CHANGELOG_FILE_ARG, "it/liquibase/changelog.xml")
                            .execute());
        }
    }

    @Test
    void updatesTheShardedSchemaThenHasNothingMoreToDo() throws Exception {
        update();

        assertThat(NodeRows.on(tessera, "db1", "select id, name, note from plain")).containsExactly("2|two|even");
        assertThat(NodeRows.on(tessera, "db2", "select id, name, note from plain")).containsExactly("1|one|odd");
        assertThat(NodeRows.on(tessera, "db1", "select id from DATABASECHANGELOG order by orderexecuted"))
                .containsExactly("1", "2", "3");
        assertThat(NodeRows.on(tessera, "db1", "select locked + 0 from DATABASECHANGELOGLOCK")).containsExactly("0");
        assertThat(NodeRows.on(tessera, "db2", "show tables like 'databasechangelog%'")).isEmpty();

        update(); // a second insert of ids 1 and 2 would fail on their primary key

        assertThat(NodeRows.on(tessera, "db1", "select count(*) from DATABASECHANGELOG")).containsExactly("3");
        assertThat(NodeRows.on(tessera, "db1", "select locked + 0 from DATABASECHANGELOGLOCK")).containsExactly("0");
        assertThat(NodeRows.on(tessera, "db1", "select count(*) from plain")).containsExactly("1");
    }
}
