package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.TableKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which data node's triggers are a logical table's; listing them from real data nodes: GuiToolsIT. */
class StoredObjectsTest {

    private static final LogicalSchema TESTDB = LogicalSchema.of("TESTDB", "dn3", List.of(
            new LogicalTable("region", TableKind.GLOBAL, List.of("dn1", "dn2"))));

    @Test
    void aTablesTriggersAreItsFirstNodesAndAnUnnamedTablesTheDefaultNodes() {
        assertThat(StoredObjects.holds(TESTDB, "REGION", "dn1")).isTrue();
        assertThat(StoredObjects.holds(TESTDB, "region", "dn2")).as("another copy").isFalse();
        assertThat(StoredObjects.holds(TESTDB, "region", "dn3")).as("a table of the default node's own").isFalse();
        assertThat(StoredObjects.holds(TESTDB, "notes", "dn3")).isTrue();
        assertThat(StoredObjects.holds(TESTDB, "notes", "dn1")).isFalse();
    }
}
