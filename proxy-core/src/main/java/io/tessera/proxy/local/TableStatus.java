package io.tessera.proxy.local;

import io.tessera.backend.QueryResult;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.ShowTableStatus;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.TableKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * {@code SHOW TABLE STATUS} of a logical schema: one row per logical table (the configured tables and the default data
 * node's own tables, each once), in the columns the data nodes answer with. The row is the table's first node's, with
 * the sizes a sharded table's nodes hold each a part of (Rows, Data_length, Index_length, Data_free) summed over its
 * nodes: mysqldump and GUI tools read this to decide what to dump and how big a table is, and one node's share
 * understated it (a global table's copies are not added up: each holds all of it).
 */
final class TableStatus {

    /** The columns that are sums over a sharded table's nodes. */
    private static final Set<String> SUMMED = Set.of("Rows", "Data_length", "Index_length", "Data_free");
    /** The numeric columns of MySQL's and MariaDB's SHOW TABLE STATUS. */
    private static final Set<String> NUMERIC = Set.of("Version", "Rows", "Avg_row_length", "Data_length",
            "Max_data_length", "Index_length", "Data_free", "Auto_increment", "Checksum", "Max_index_length");

    private final Executor executor;

    TableStatus(Executor executor) {
        this.executor = executor;
    }

    void show(ClientChannel client, LogicalSchema schema, ShowTableStatus show) {
        if (show.where()) {
            client.error(RouteException.notSupported("SHOW TABLE STATUS ... WHERE is not supported; use LIKE"));
            return;
        }
        Map<String, List<String>> nodesByTable = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (LogicalTable t : schema.allTables()) {
            nodesByTable.put(t.name(), t.kind() == TableKind.GLOBAL ? List.of(t.dataNodes().get(0)) : t.dataNodes());
        }
        Set<String> nodes = new LinkedHashSet<>();
        if (schema.defaultDataNode() != null) {
            nodes.add(schema.defaultDataNode());
        }
        nodesByTable.values().forEach(nodes::addAll);
        Map<String, CompletableFuture<QueryResult>> answers = new HashMap<>();
        for (String node : nodes) {
            answers.put(node, executor.query(client, node, "SHOW TABLE STATUS"));
        }
        CompletableFuture.allOf(answers.values().toArray(CompletableFuture[]::new))
                .whenComplete(client.guard((ignored, error) -> {
                    if (error != null) {
                        client.error(error);
                        return;
                    }
                    Map<String, QueryResult> byNode = new HashMap<>();
                    answers.forEach((node, answer) -> byNode.put(node, answer.join()));
                    if (schema.defaultDataNode() != null) {
                        for (List<String> row : byNode.get(schema.defaultDataNode()).rows()) {
                            nodesByTable.putIfAbsent(row.get(0), List.of(schema.defaultDataNode()));
                        }
                    }
                    Pattern like = show.like() == null ? null : ShowStatements.likePattern(show.like());
                    client.result(table(byNode, nodesByTable, like));
                }));
    }

    private static ResultTable table(Map<String, QueryResult> byNode, Map<String, List<String>> nodesByTable,
            Pattern like) {
        List<String> columns = byNode.values().iterator().next().columns();
        ResultTable.Builder table = ResultTable.builder();
        for (String column : columns) {
            table.column(NUMERIC.contains(column) ? ResultTable.bigint(column) : ResultTable.varchar(column));
        }
        for (Map.Entry<String, List<String>> entry : nodesByTable.entrySet()) {
            if (like != null && !like.matcher(entry.getKey()).matches()) {
                continue;
            }
            List<List<String>> rows = new ArrayList<>();
            for (String node : entry.getValue()) {
                List<String> row = rowOf(byNode.get(node), entry.getKey());
                if (row != null) {
                    rows.add(row);
                }
            }
            if (!rows.isEmpty()) {
                table.row(merged(columns, entry.getKey(), rows));
            }
        }
        return table.build();
    }

    private static List<String> rowOf(QueryResult status, String name) {
        for (List<String> row : status.rows()) {
            if (row.get(0).equalsIgnoreCase(name)) {
                return row;
            }
        }
        return null;
    }

    /** The first node's row under the logical name, with the sizes summed and the average row length their ratio. */
    private static Object[] merged(List<String> columns, String name, List<List<String>> rows) {
        Object[] values = rows.get(0).toArray();
        values[0] = name;
        for (int i = 0; i < columns.size(); i++) {
            if (SUMMED.contains(columns.get(i)) && values[i] != null) {
                long sum = 0;
                for (List<String> row : rows) {
                    sum += row.get(i) == null ? 0 : Long.parseLong(row.get(i));
                }
                values[i] = sum;
            }
        }
        int rowsAt = columns.indexOf("Rows");
        int dataAt = columns.indexOf("Data_length");
        int averageAt = columns.indexOf("Avg_row_length");
        if (rows.size() > 1 && rowsAt >= 0 && dataAt >= 0 && averageAt >= 0 && values[rowsAt] instanceof Long count
                && values[dataAt] instanceof Long data) {
            values[averageAt] = count == 0 ? 0 : data / count;
        }
        return values;
    }
}
