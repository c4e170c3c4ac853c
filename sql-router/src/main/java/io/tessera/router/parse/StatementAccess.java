package io.tessera.router.parse;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement;
import com.alibaba.druid.sql.ast.statement.SQLReplaceStatement;
import com.alibaba.druid.sql.ast.statement.SQLTableSource;
import com.alibaba.druid.sql.ast.statement.SQLUpdateSetItem;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlCheckTableStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlChecksumTableStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlHelpStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlInsertStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLoadDataInFileStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLockTableStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLockTableStatement.LockType;
import io.tessera.router.parse.TableAccess.Operation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a statement asks of the rights of the user who sends it: whether it changes data or schema (which a read-only
 * user may not), and what it does to each table it names (the DML privileges MySQL would check for it). A table that
 * a statement only reads from, in a join, a subquery or the SELECT of an INSERT, needs SELECT; the table it changes
 * needs INSERT, UPDATE or DELETE, and a REPLACE or an INSERT ... ON DUPLICATE KEY UPDATE needs what MySQL requires for
 * them (INSERT and DELETE; INSERT and UPDATE).
 *
 * @param changesData the statement writes rows or schema, or may (LOAD DATA, CALL, LOCK ... WRITE, and any statement
 *     not known to only read)
 * @param operation the statement's own DML operation (a SELECT's SELECT, an UPDATE's UPDATE, ...), {@code null} for
 *     other statements
 * @param tables what it does to each table it names, in order of appearance
 */
public record StatementAccess(boolean changesData, Operation operation, List<TableAccess> tables) {

    public StatementAccess {
        tables = List.copyOf(tables);
    }

    /** What {@code statement} asks: read from its type and, for DML and a few others, its tree. */
    public static StatementAccess of(ParsedStatement statement) {
        SQLStatement ast = statement.ast();
        return switch (statement.type()) {
            case SELECT -> new StatementAccess(false, Operation.SELECT, all(statement, EnumSet.of(Operation.SELECT)));
            case INSERT, REPLACE -> insert(statement);
            case UPDATE -> ast == null ? changing(statement, Operation.UPDATE) : update(statement);
            case DELETE -> ast == null ? changing(statement, Operation.DELETE) : delete(statement);
            case DDL -> new StatementAccess(true, null, statement.tables().stream()
                    .map(table -> new TableAccess(table, Set.of(), true)).toList());
            case LOCK -> lock(statement);
            case SHOW_TABLE_INFO, SHOW_DATABASES, SHOW_TABLES, SHOW_WARNINGS, SHOW_VARIABLES, SHOW_GRANTS,
                    SHOW_PROCESSLIST, SHOW_STATUS, SHOW_TABLE_STATUS, SHOW_CREATE_DATABASE, SHOW_OBJECTS, SHOW_OTHER,
                    SET, SET_TRANSACTION, USE, BEGIN, COMMIT, ROLLBACK,
                    SAVEPOINT, XA, EXPLAIN, KILL ->
                    new StatementAccess(false, null, List.of());
            case OTHER, LOAD_DATA -> other(statement);
        };
    }

    /** Every table the statement names gets {@code operations}. */
    private static List<TableAccess> all(ParsedStatement statement, Set<Operation> operations) {
        return statement.tables().stream().map(table -> new TableAccess(table, operations, false)).toList();
    }

    /** A change whose tree is not at hand: every table it names needs the operation. */
    private static StatementAccess changing(ParsedStatement statement, Operation operation) {
        return new StatementAccess(true, operation, all(statement, EnumSet.of(operation)));
    }

    private static StatementAccess insert(ParsedStatement statement) {
        Operation operation = Operation.INSERT;
        if (!(statement.ast() instanceof SQLInsertStatement || statement.ast() instanceof SQLReplaceStatement)) {
            return changing(statement, operation);
        }
        EnumSet<Operation> onTarget = EnumSet.of(Operation.INSERT);
        if (statement.ast() instanceof SQLReplaceStatement || statement.type() == StatementType.REPLACE) {
            onTarget.add(Operation.DELETE);
        }
        if (statement.ast() instanceof MySqlInsertStatement insert && !insert.getDuplicateKeyUpdate().isEmpty()) {
            onTarget.add(Operation.UPDATE);
        }
        SQLExprTableSource target = statement.ast() instanceof SQLInsertStatement insert ? insert.getTableSource()
                : ((SQLReplaceStatement) statement.ast()).getTableSource();
        Accesses accesses = new Accesses();
        accesses.add(named(target), onTarget);
        SQLObject query = statement.ast() instanceof SQLInsertStatement insert ? insert.getQuery()
                : ((SQLReplaceStatement) statement.ast()).getQuery();
        accesses.addAll(tablesOf(query), EnumSet.of(Operation.SELECT));
        return new StatementAccess(true, operation, accesses.list());
    }

    /**
     * UPDATE: the tables whose columns the SET list assigns are updated (all tables of a join when a column is not
     * qualified, as the statement alone does not tell which table has it); every other table is read.
     */
    private static StatementAccess update(ParsedStatement statement) {
        SQLUpdateStatement update = (SQLUpdateStatement) statement.ast();
        List<TableReference> joined = tablesOf(update.getTableSource());
        Set<String> assigned = new HashSet<>();
        boolean unqualified = false;
        for (SQLUpdateSetItem item : update.getItems()) {
            String owner = ownerOf(item.getColumn());
            if (owner == null) {
                unqualified = true;
            } else {
                assigned.add(owner);
            }
        }
        Accesses accesses = new Accesses();
        for (TableReference table : joined) {
            boolean updated = joined.size() == 1 || unqualified || table.qualifiers().stream()
                    .anyMatch(assigned::contains);
            accesses.add(table, EnumSet.of(updated ? Operation.UPDATE : Operation.SELECT));
        }
        accesses.addOthers(statement.tables(), EnumSet.of(Operation.SELECT)); // subqueries in SET, WHERE, ORDER BY
        return new StatementAccess(true, Operation.UPDATE, accesses.list());
    }

    /**
     * DELETE: single-table, the table; multi-table ({@code DELETE t1, t2 FROM ...} or {@code DELETE FROM t1 USING
     * ...}), the tables listed before the join, by name or alias; every other table is read.
     */
    private static StatementAccess delete(ParsedStatement statement) {
        SQLDeleteStatement delete = (SQLDeleteStatement) statement.ast();
        SQLTableSource join = delete.getFrom() != null ? delete.getFrom() : delete.getUsing();
        Accesses accesses = new Accesses();
        if (join == null) {
            accesses.addAll(tablesOf(delete.getTableSource()), EnumSet.of(Operation.DELETE));
        } else {
            Set<String> deleted = new HashSet<>();
            for (TableReference listed : tablesOf(delete.getTableSource())) {
                deleted.add(listed.table().toLowerCase(Locale.ROOT));
            }
            for (TableReference table : tablesOf(join)) {
                boolean fromThis = table.qualifiers().stream().anyMatch(deleted::contains);
                accesses.add(table, EnumSet.of(fromThis ? Operation.DELETE : Operation.SELECT));
            }
        }
        accesses.addOthers(statement.tables(), EnumSet.of(Operation.SELECT)); // subqueries in WHERE
        return new StatementAccess(true, Operation.DELETE, accesses.list());
    }

    /** LOCK TABLES: reads for a READ lock; a WRITE lock changes data as far as a read-only user is concerned. */
    private static StatementAccess lock(ParsedStatement statement) {
        boolean write = statement.ast() instanceof MySqlLockTableStatement lock && lock.getItems().stream()
                .anyMatch(item -> item.getLockType() != LockType.READ && item.getLockType() != LockType.READ_LOCAL);
        return new StatementAccess(write, null, all(statement, EnumSet.of(Operation.SELECT)));
    }

    /**
     * Of the other statements, only the ones known to read (HELP, CHECK TABLE, CHECKSUM TABLE) leave data alone; LOAD
     * DATA inserts into its table; anything else (CALL, DO, GRANT, ...) may change something.
     */
    private static StatementAccess other(ParsedStatement statement) {
        SQLStatement ast = statement.ast();
        if (ast instanceof MySqlLoadDataInFileStatement load) {
            Accesses accesses = new Accesses();
            accesses.add(named(load.getTableName()), EnumSet.of(Operation.INSERT));
            return new StatementAccess(true, Operation.INSERT, accesses.list());
        }
        boolean reads = ast instanceof MySqlHelpStatement || ast instanceof MySqlCheckTableStatement
                || ast instanceof MySqlChecksumTableStatement;
        return new StatementAccess(!reads, null, reads ? all(statement, EnumSet.of(Operation.SELECT)) : List.of());
    }

    private static TableReference named(SQLObject name) {
        TableCollector collector = new TableCollector();
        if (name instanceof SQLExpr expr) {
            collector.add(expr);
        } else if (name != null) {
            name.accept(collector);
        }
        return collector.tables().iterator().next();
    }

    private static List<TableReference> tablesOf(SQLObject part) {
        if (part == null) {
            return List.of();
        }
        TableCollector collector = new TableCollector();
        part.accept(collector);
        return new ArrayList<>(collector.tables());
    }

    /** The qualifier of an assigned column ({@code h} of {@code h.v}), lower case, or {@code null}. */
    private static String ownerOf(SQLExpr column) {
        if (column instanceof SQLPropertyExpr property && property.getOwner() instanceof SQLIdentifierExpr owner) {
            return SQLUtils.normalize(owner.getName()).toLowerCase(Locale.ROOT);
        }
        return null;
    }

    /** Operations gathered per table, in order of first appearance. */
    private static final class Accesses {

        private final Map<TableReference, EnumSet<Operation>> byTable = new LinkedHashMap<>();

        /** {@code table} gets {@code operations} too. */
        void add(TableReference table, Set<Operation> operations) {
            byTable.computeIfAbsent(withoutAlias(table), k -> EnumSet.noneOf(Operation.class)).addAll(operations);
        }

        void addAll(List<TableReference> tables, Set<Operation> operations) {
            tables.forEach(table -> add(table, operations));
        }

        /** Tables not seen yet get {@code operations}: the rest of a statement, once its changed tables are in. */
        void addOthers(List<TableReference> tables, Set<Operation> operations) {
            tables.forEach(table -> {
                if (!byTable.containsKey(withoutAlias(table))) {
                    add(table, operations);
                }
            });
        }

        private static TableReference withoutAlias(TableReference table) {
            return new TableReference(table.schema(), table.table());
        }

        List<TableAccess> list() {
            List<TableAccess> list = new ArrayList<>();
            byTable.forEach((table, operations) -> list.add(new TableAccess(table, operations, false)));
            return list;
        }
    }
}
