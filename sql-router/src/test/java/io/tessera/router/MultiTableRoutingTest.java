package io.tessera.router;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.error.RouteException;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.model.ErParent;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shape.ShapeChecks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Golden cases of statements over several tables ({@code routing/multi-table.txt}): each statement, then where it
 * runs. {@code -> dn1} is one node as written, {@code -> copies dn1 dn2} any copy of global tables (a read) or every
 * copy (a write), {@code -> merge dn1 dn2} each node for its rows under a merge, {@code -> dn1 dn2} each node for its
 * rows (a write), {@code -> 1235 text} a refusal whose message contains the text.
 */
class MultiTableRoutingTest {

    private static final String CASES = "/routing/multi-table.txt";

    private static final ShardingFunction MOD3 = TestFunctions.mod(3);
    private static final ShardingFunction OTHER_MOD3 = TestFunctions.mod(3);
    private static final List<String> THREE = List.of("dn1", "dn2", "dn3");

    private final SqlParser parser = new SqlParser();
    private final Router router = new Router(new SchemaCatalog(List.of(LogicalSchema.of("TESTDB", "dn1", List.of(
            new LogicalTable("hotnews", TableKind.SHARDED, THREE, new ShardingRule("id", MOD3), null),
            new LogicalTable("comments", TableKind.SHARDED, THREE, new ShardingRule("hid", MOD3), null),
            new LogicalTable("other", TableKind.SHARDED, THREE, new ShardingRule("id", OTHER_MOD3), null),
            new LogicalTable("single_t", TableKind.SINGLE_NODE, List.of("dn1")),
            new LogicalTable("single2", TableKind.SINGLE_NODE, List.of("dn2")),
            new LogicalTable("g", TableKind.GLOBAL, THREE),
            new LogicalTable("g2", TableKind.GLOBAL, List.of("dn1", "dn2")),
            new LogicalTable("customer", TableKind.SHARDED, THREE, new ShardingRule("id", MOD3), null),
            new LogicalTable("orders", TableKind.SHARDED, THREE, new ShardingRule("cid", MOD3),
                    new ErParent("customer", "cid", "id")),
            new LogicalTable("items", TableKind.SHARDED, THREE, null, new ErParent("orders", "oid", "id")))))));

    @Test
    void everyStatementRunsWhereItsCaseSays() throws IOException {
        List<String[]> cases = cases();
        List<String> mismatches = new ArrayList<>();
        for (String[] c : cases) {
            String actual = where(c[0]);
            boolean matches = c[1].startsWith("1235 ") ? actual.startsWith("1235 ") && actual.contains(c[1].substring(5))
                    : actual.equals(c[1]);
            if (!matches) {
                mismatches.add(c[0] + "\n    expected: " + c[1] + "\n    actual:   " + actual);
            }
        }
        assertThat(cases).hasSizeGreaterThan(80);
        assertThat(mismatches).withFailMessage(() -> mismatches.size() + " of " + cases.size() + " cases differ:\n"
                + String.join("\n", mismatches)).isEmpty();
    }

    private String where(String sql) {
        PlanNode plan;
        try {
            plan = ShapeChecks.route(router, parser, sql, new RouteContext("TESTDB", MultiTableRoutingTest::columns,
                    ParentLocator.UNKNOWN));
        } catch (RouteException e) {
            return e.errorCode() + " " + e.getMessage();
        }
        String nodes = plan.route().shards().stream().map(ShardStatement::dataNode).collect(Collectors.joining(" "));
        if (!(plan instanceof Route route)) {
            return "merge " + nodes;
        }
        return route.replicated() ? "copies " + nodes : nodes;
    }

    private static List<String> columns(String schema, String table) {
        return switch (table) {
            case "hotnews" -> List.of("id", "sid", "gid", "title");
            case "comments" -> List.of("cid", "hid", "body");
            default -> List.of("id", "x");
        };
    }

    private static List<String[]> cases() throws IOException {
        List<String[]> cases = new ArrayList<>();
        try (InputStream in = MultiTableRoutingTest.class.getResourceAsStream(CASES)) {
            String sql = null;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String trimmed = line.trim();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                if (trimmed.startsWith("-> ")) {
                    cases.add(new String[] {sql, trimmed.substring(3)});
                    sql = null;
                } else {
                    sql = sql == null ? trimmed : sql + " " + trimmed;
                }
            }
        }
        return cases;
    }
}
