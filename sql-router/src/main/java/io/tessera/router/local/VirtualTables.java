package io.tessera.router.local;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.TableReference;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@code information_schema} tables Tessera answers from its own state rather than a data host's:
 * {@code SCHEMATA} (the user's logical schemas), {@code PROCESSLIST} (Tessera's client connections), the logical
 * catalog's {@code TABLES}, {@code COLUMNS}, {@code STATISTICS}, {@code KEY_COLUMN_USAGE},
 * {@code REFERENTIAL_CONSTRAINTS}, {@code TABLE_CONSTRAINTS}, {@code CHECK_CONSTRAINTS}, {@code TRIGGERS},
 * {@code VIEWS}, {@code ROUTINES}, {@code PARAMETERS} and {@code EVENTS} (the logical tables, their columns, indexes,
 * keys, checks, triggers and views' definitions, the schemas' routines, their parameters and events), and
 * {@code KEYWORDS} (in the shape of the server Tessera presents itself as). A SELECT
 * that reads them runs on a data node with each of them replaced by a derived table of the rows Tessera gives, so that
 * the data host evaluates the rest of the statement (columns, WHERE, ORDER BY, joins) exactly as MySQL would.
 * Stateless.
 */
public final class VirtualTables {

    /** {@code information_schema.SCHEMATA}. */
    public static final String SCHEMATA = "SCHEMATA";
    /** {@code information_schema.PROCESSLIST}. */
    public static final String PROCESSLIST = "PROCESSLIST";
    /** {@code information_schema.TABLES}. */
    public static final String TABLES = "TABLES";
    /** {@code information_schema.COLUMNS}. */
    public static final String COLUMNS = "COLUMNS";
    /** {@code information_schema.STATISTICS}. */
    public static final String STATISTICS = "STATISTICS";
    /** {@code information_schema.KEY_COLUMN_USAGE}. */
    public static final String KEY_COLUMN_USAGE = "KEY_COLUMN_USAGE";
    /** {@code information_schema.REFERENTIAL_CONSTRAINTS}. */
    public static final String REFERENTIAL_CONSTRAINTS = "REFERENTIAL_CONSTRAINTS";
    /** {@code information_schema.TABLE_CONSTRAINTS}. */
    public static final String TABLE_CONSTRAINTS = "TABLE_CONSTRAINTS";
    /** {@code information_schema.TRIGGERS}. */
    public static final String TRIGGERS = "TRIGGERS";
    /** {@code information_schema.ROUTINES}. */
    public static final String ROUTINES = "ROUTINES";
    /** {@code information_schema.EVENTS}. */
    public static final String EVENTS = "EVENTS";
    /** {@code information_schema.VIEWS}. */
    public static final String VIEWS = "VIEWS";
    /** {@code information_schema.PARAMETERS}. */
    public static final String PARAMETERS = "PARAMETERS";
    /** {@code information_schema.CHECK_CONSTRAINTS}. */
    public static final String CHECK_CONSTRAINTS = "CHECK_CONSTRAINTS";
    /** {@code information_schema.KEYWORDS}. */
    public static final String KEYWORDS = "KEYWORDS";

    private static final Set<String> NAMES = Set.of(SCHEMATA, PROCESSLIST, TABLES, COLUMNS, STATISTICS,
            KEY_COLUMN_USAGE, REFERENTIAL_CONSTRAINTS, TABLE_CONSTRAINTS, TRIGGERS, ROUTINES, EVENTS, VIEWS,
            PARAMETERS, CHECK_CONSTRAINTS, KEYWORDS);

    private static final String INFORMATION_SCHEMA = "information_schema";

    private VirtualTables() {
    }

    /**
     * The virtual tables {@code statement} names ({@link #SCHEMATA}, {@link #TABLES}, ...), in order; empty for almost
     * every statement, which this finds out from the tables the parser collected. They are always qualified: no
     * session is in {@code information_schema}, which is no logical schema.
     */
    public static Set<String> named(ParsedStatement statement) {
        List<TableReference> tables = statement.tables(); // an abridged SELECT's too: it keeps a list with a subquery
        Set<String> named = null;
        for (int i = 0; i < tables.size(); i++) {
            String virtual = virtual(tables.get(i).schema(), tables.get(i).table());
            if (virtual != null) {
                named = named == null ? new LinkedHashSet<>() : named;
                named.add(virtual);
            }
        }
        return named == null ? Set.of() : named;
    }

    /**
     * Whether {@code statement} names tables of logical schemas besides those of MySQL's own databases
     * ({@code information_schema}, {@code mysql}, {@code performance_schema}, {@code sys}).
     */
    public static boolean namesOtherTables(ParsedStatement statement) {
        for (TableReference table : statement.tables()) {
            if (table.schema() == null || !isSystemDatabase(table.schema())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The text of {@code statement} with each virtual table replaced by {@code (derived) alias}, where {@code derived}
     * is the SELECT that {@code derivedTables} gives for its name and the alias is the statement's, or the table's name
     * as written, so that column qualifiers keep meaning what they meant.
     */
    public static String withDerivedTables(ParsedStatement statement, Map<String, String> derivedTables) {
        SQLStatement ast = statement.abridged() ? new SqlParser().parseWhole(statement.sql()).ast() : statement.ast();
        List<SQLExprTableSource> found = new ArrayList<>();
        ast.accept(new MySqlASTVisitorAdapter() {
            @Override
            public boolean visit(SQLExprTableSource source) {
                if (source.getExpr() instanceof SQLPropertyExpr property
                        && property.getOwner() instanceof SQLIdentifierExpr owner
                        && virtual(SQLUtils.normalize(owner.getName()),
                                SQLUtils.normalize(property.getName())) != null) {
                    found.add(source);
                }
                return true;
            }
        });
        // each table becomes a placeholder name, and the placeholder the derived table once Druid has written the text:
        // Druid need not read (nor rewrite) the derived tables' own SQL
        String placeholder = "tessera_derived_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + "_";
        List<String> derived = new ArrayList<>(found.size());
        for (SQLExprTableSource source : found) {
            SQLPropertyExpr property = (SQLPropertyExpr) source.getExpr();
            String table = SQLUtils.normalize(property.getName());
            String alias = source.getAlias() != null ? source.getAlias() : "`" + table.replace("`", "``") + "`";
            String select = derivedTables.get(table.toUpperCase(Locale.ROOT));
            if (select == null) {
                throw new IllegalArgumentException("derivedTables: " + derivedTables.keySet() + " (expected: "
                        + table.toUpperCase(Locale.ROOT) + " too)");
            }
            SQLExprTableSource stand = new SQLExprTableSource(new SQLIdentifierExpr(placeholder + derived.size() + "_"),
                    alias);
            derived.add(select);
            SQLUtils.replaceInParent(source, stand);
        }
        String sql = SQLUtils.toMySqlString(ast);
        for (int i = 0; i < derived.size(); i++) {
            sql = sql.replace(placeholder + i + "_", "(" + derived.get(i) + ")");
        }
        return sql;
    }

    /** Whether {@code table} (upper case) of {@code information_schema} is one of these. */
    static boolean answers(String table) {
        return NAMES.contains(table);
    }

    private static String virtual(String schema, String table) {
        if (schema == null || !schema.equalsIgnoreCase(INFORMATION_SCHEMA)) {
            return null;
        }
        String name = table.toUpperCase(Locale.ROOT);
        return NAMES.contains(name) ? name : null;
    }

    private static boolean isSystemDatabase(String schema) {
        String name = schema.toLowerCase(Locale.ROOT);
        return name.equals(INFORMATION_SCHEMA) || name.equals("mysql") || name.equals("performance_schema")
                || name.equals("sys");
    }
}
