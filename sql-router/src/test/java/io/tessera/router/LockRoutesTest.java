package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.router.error.RouteException;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.TableReference;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockRoutesTest {

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(new SchemaCatalog(List.of(
            LogicalSchema.of("TESTDB", "dn3", List.of(
                    new LogicalTable("orders", TableKind.SHARDED, List.of("dn2", "dn1"),
                            new ShardingRule("id", TestFunctions.mod(2)), null),
                    new LogicalTable("region", TableKind.GLOBAL, List.of("dn1", "dn2", "dn3")),
                    new LogicalTable("company", TableKind.SINGLE_NODE, List.of("dn2")))),
            LogicalSchema.of("NODEFAULT", null, List.of(
                    new LogicalTable("only", TableKind.SINGLE_NODE, List.of("dn3")))))));

    private String plan(String sql) {
        return router.route(parser.parse(sql), new RouteContext("TESTDB")).describe();
    }

    @Test
    void locksEachTableOnEveryNodeThatHoldsItInNodeNameOrder() {
        assertThat(plan("lock tables orders read, region write, company read local, unlisted low_priority write"))
                .isEqualTo("Route dn1: LOCK TABLES `orders` READ, `region` WRITE;"
                        + " dn2: LOCK TABLES `orders` READ, `region` WRITE, `company` READ LOCAL;"
                        + " dn3: LOCK TABLES `region` WRITE, `unlisted` LOW_PRIORITY WRITE");
    }

    @Test
    void stripsSchemaQualifiersAndKeepsAliases() {
        assertThat(plan("LOCK TABLE TESTDB.company AS c READ, TESTDB.company WRITE"))
                .isEqualTo("Route dn2: LOCK TABLES `company` AS `c` READ, `company` WRITE");
    }

    @Test
    void readsMysqldumpsExecutableLocalComment() {
        assertThat(plan("LOCK TABLES `orders` READ /*!32311 LOCAL */,`company` READ /*!32311 LOCAL */"))
                .isEqualTo("Route dn1: LOCK TABLES `orders` READ LOCAL;"
                        + " dn2: LOCK TABLES `orders` READ LOCAL, `company` READ LOCAL");
    }

    @Test
    void refusesUnknownTablesAndMysqlsOwnDatabases() {
        assertThatThrownBy(() -> router.route(parser.parse("lock tables only read, nosuch read"),
                new RouteContext("NODEFAULT")))
                .isInstanceOf(RouteException.class).hasMessageContaining("nosuch");
        assertThatThrownBy(() -> plan("lock tables mysql.user read"))
                .isInstanceOf(RouteException.class).hasMessageContaining("logical schemas only");
    }

    @Test
    void namesTheNodesOfATable() {
        RouteContext context = new RouteContext("TESTDB");
        assertThat(router.nodesOf(new TableReference(null, "orders"), context)).containsExactly("dn2", "dn1");
        assertThat(router.nodesOf(new TableReference(null, "unlisted"), context)).containsExactly("dn3");
        assertThat(router.nodesOf(new TableReference("information_schema", "tables"), context)).isEmpty();
    }

    @Test
    void lockTablesBindsItsConnectionsAndUnlockDoesNot() {
        assertThat(parser.parse("lock tables orders read").bindsConnection()).isTrue();
        assertThat(parser.parse("unlock tables").bindsConnection()).isFalse();
    }
}
