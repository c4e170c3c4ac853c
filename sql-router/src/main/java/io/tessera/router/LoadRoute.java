package io.tessera.router;

import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import io.tessera.router.load.RowSplitter;
import io.tessera.router.locality.ResolvedTable;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.parse.LoadData;
import io.tessera.router.shard.InsertRows;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the rows of a {@code LOAD DATA LOCAL INFILE} go. A table on one data node, and a global table (every node
 * loads the whole file), take the file as it is; a sharded table's rows are found one by one ({@link #splitter()})
 * and each goes to the node its sharding column's value maps to through the table's rule, as the same row written
 * by INSERT would. What cannot be placed that way is refused before any row moves.
 */
public final class LoadRoute {

    /** File character sets whose bytes a row split can read: no multi-byte character holds an ASCII byte. */
    private static final Map<String, Charset> SPLITTABLE = Map.of("utf8", StandardCharsets.UTF_8,
            "utf8mb3", StandardCharsets.UTF_8, "utf8mb4", StandardCharsets.UTF_8,
            "latin1", Charset.forName("windows-1252"), "ascii", StandardCharsets.US_ASCII,
            "binary", StandardCharsets.ISO_8859_1);

    private final LoadData load;
    private final ResolvedTable target;
    private final int keyField;

    private LoadRoute(LoadData load, ResolvedTable target, int keyField) {
        this.load = load;
        this.target = target;
        this.keyField = keyField;
    }

    /**
     * The route of {@code load} into {@code target}.
     *
     * @param tableColumns the table's columns in order (for a sharded table without a column list), or {@code null}
     * @throws RouteException 1235 where rows could not be placed exactly
     */
    static LoadRoute of(LoadData load, ResolvedTable target, List<String> tableColumns) {
        if (!target.isSharded()) {
            return new LoadRoute(load, target, -1);
        }
        String table = target.displayName();
        ShardingRule rule = target.table().rule();
        if (rule == null) {
            throw RouteException.notSupported(load.verb() + " into " + table + ": its rows are placed by their ER"
                    + " parent rows, which LOAD DATA cannot look up; load them with INSERT");
        }
        for (String assigned : load.setColumns()) {
            if (rule.isColumn(assigned)) {
                throw RouteException.notSupported(load.verb() + " into sharded table " + table + " cannot SET its"
                        + " sharding column " + rule.column() + ": Tessera places each row by the column's value as"
                        + " the file gives it");
            }
        }
        List<String> fields = load.columnList() != null ? load.columns() : tableColumns;
        int keyField = indexOf(fields, rule.column());
        if (keyField < 0) {
            throw RouteException.notSupported(load.verb() + " into sharded table " + table + " must load its sharding"
                    + " column " + rule.column() + " from the file (a column list that names it, or none)");
        }
        if (load.fieldsTerminatedBy().length == 0 || load.linesTerminatedBy().length == 0) {
            throw RouteException.notSupported(load.verb() + " into sharded table " + table + " needs field and line"
                    + " terminators: Tessera splits the file into rows to place each one");
        }
        charsetOf(load, table);
        return new LoadRoute(load, target, keyField);
    }

    /** The data nodes that load, in the table's order. */
    public List<String> nodes() {
        return target.nodes();
    }

    /** Whether each node gets only its own rows (a sharded table); otherwise every node gets the whole file. */
    public boolean placesRows() {
        return keyField >= 0;
    }

    /** Whether every node holds every row (a global table): one copy's counts are the statement's. */
    public boolean replicated() {
        return target.isGlobal();
    }

    /** The statement the nodes run. */
    public String nodeStatement() {
        return load.nodeStatement(!placesRows());
    }

    /** The file's name as the client gave it, which Tessera asks the client for. */
    public String fileName() {
        return load.fileName();
    }

    /** A splitter of the file into rows, each with its sharding column's value; only when {@link #placesRows()}. */
    public RowSplitter splitter() {
        return new RowSplitter(load, keyField, charsetOf(load, target.displayName()));
    }

    /**
     * The index in {@link #nodes()} of the row whose sharding column's value is {@code key} ({@code null}: the row has
     * no such field).
     *
     * @param row the row's number in the file (1 for its first row after the ignored lines), for the message
     * @throws RouteException 1235 when the value maps to no node
     */
    public int nodeOf(SqlValue key, long row) {
        ShardingRule rule = target.table().rule();
        if (key == null) {
            throw RouteException.notSupported(load.verb() + " into sharded table " + target.displayName() + ": row "
                    + row + " of the file has no field for sharding column " + rule.column());
        }
        try {
            return InsertRows.place(key, rule, target.nodes().size(), target.displayName());
        } catch (RouteException e) {
            throw RouteException.notSupported("row " + row + " of the file cannot be placed: " + e.getMessage());
        }
    }

    private static Charset charsetOf(LoadData load, String table) {
        if (load.charset() == null) {
            return StandardCharsets.UTF_8;
        }
        Charset charset = SPLITTABLE.get(load.charset().toLowerCase(Locale.ROOT));
        if (charset == null) {
            throw RouteException.notSupported(load.verb() + " into sharded table " + table + " with CHARACTER SET "
                    + load.charset() + ": Tessera splits files in " + String.join(", ", SPLITTABLE.keySet())
                    + " only");
        }
        return charset;
    }

    private static int indexOf(List<String> names, String column) {
        for (int i = 0; names != null && i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(column)) {
                return i;
            }
        }
        return -1;
    }
}
