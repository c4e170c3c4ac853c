package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.sequence.MemorySequences;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.output.ValidateResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Flyway migrating a logical schema at application start-up through Tessera: its history table
 * {@code flyway_schema_history} is not in schema.xml and so lives on the default node (dn1), its lock is MySQL's
 * {@code GET_LOCK}, and its migrations create, alter and fill a table sharded over dn1 and dn2.
 */
@Tag("integration")
class FlywayIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sequences")
            .withSequences(new MemorySequences().with("ORDERS", 1).with("GLOBAL", 1));

    private static Flyway flyway() {
        return Flyway.configure()
                .dataSource(NodeRows.url(tessera), RunningTessera.USER, RunningTessera.PASSWORD)
                .locations("classpath:it/flyway")
                .load();
    }

    @Test
    void migratesTheShardedSchemaThenValidatesAndHasNothingMoreToDo() throws SQLException {
        MigrateResult first = flyway().migrate();
        assertThat(first.success).isTrue();
        assertThat(first.migrationsExecuted).isEqualTo(2);

        assertThat(NodeRows.on(tessera, "db1", "select id, name, note from plain")).containsExactly("2|two|even");
        assertThat(NodeRows.on(tessera, "db2", "select id, name, note from plain")).containsExactly("1|one|odd");
        assertThat(NodeRows.on(tessera, "db1", "select body from notes")).containsExactly("default node");
        assertThat(NodeRows.on(tessera, "db1", "select version, success from flyway_schema_history"
                + " where version is not null order by installed_rank")).containsExactly("1|1", "2|1");
        assertThat(NodeRows.on(tessera, "db2", "show tables like 'flyway%'")).isEmpty();

        Flyway again = flyway();
        MigrationInfo[] applied = again.info().applied();
        assertThat(applied).extracting(MigrationInfo::getState)
                .containsExactly(MigrationState.SUCCESS, MigrationState.SUCCESS);
        ValidateResult validate = again.validateWithResult();
        assertThat(validate.validationSuccessful).as("%s", validate.errorDetails).isTrue();
        MigrateResult second = again.migrate();
        assertThat(second.success).isTrue();
        assertThat(second.migrationsExecuted).isZero();
        assertThat(NodeRows.on(tessera, "db1", "select count(*) from flyway_schema_history")).containsExactly("2");
    }
}
