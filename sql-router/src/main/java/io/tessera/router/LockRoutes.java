package io.tessera.router;

import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLockTableStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.locality.ResolvedTable;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The route of {@code LOCK TABLES}: every data node that holds one of the named tables (a sharded table's nodes, a
 * global table's copies, the default node for a table not in schema.xml) gets {@code LOCK TABLES} of the tables that
 * live there, schema qualifiers stripped and aliases kept. The nodes come in name order, the order the front end
 * takes the locks in: two sessions that lock the same tables on several nodes then never wait on each other crosswise.
 */
final class LockRoutes {

    private LockRoutes() {
    }

    static Route route(MySqlLockTableStatement lock, Function<TableReference, ResolvedTable> resolver) {
        Map<String, List<String>> clauses = new TreeMap<>();
        for (MySqlLockTableStatement.Item item : lock.getItems()) {
            TableReference ref = Router.tableOf(item.getTableSource());
            ResolvedTable table = resolver.apply(ref);
            if (table == null) {
                throw RouteException.notSupported("LOCK TABLES of " + ref.schema() + "." + ref.table()
                        + " is not supported: Tessera locks the tables of its logical schemas only");
            }
            String clause = quote(ref.table()) + (ref.alias() == null ? "" : " AS " + quote(ref.alias())) + " "
                    + lockType(item.getLockType());
            for (String node : table.nodes()) {
                clauses.computeIfAbsent(node, n -> new ArrayList<>()).add(clause);
            }
        }
        List<ShardStatement> shards = new ArrayList<>(clauses.size());
        clauses.forEach((node, tables) ->
                shards.add(new ShardStatement(node, "LOCK TABLES " + String.join(", ", tables), true)));
        return new Route(shards);
    }

    private static String lockType(MySqlLockTableStatement.LockType type) {
        if (type == null) {
            throw RouteException.syntax("LOCK TABLES without READ or WRITE");
        }
        return switch (type) {
            case READ -> "READ";
            case READ_LOCAL -> "READ LOCAL";
            case WRITE -> "WRITE";
            case LOW_PRIORITY_WRITE -> "LOW_PRIORITY WRITE";
        };
    }

    private static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
