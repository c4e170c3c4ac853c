package io.tessera.proxy.access;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.PrivilegesConfig.DataNodePrivilege;
import io.tessera.proxy.config.PrivilegesConfig.Dml;
import io.tessera.proxy.config.PrivilegesConfig.SchemaPrivilege;
import io.tessera.proxy.config.PrivilegesConfig.TablePrivilege;
import io.tessera.proxy.config.UserConfig;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.StatementAccess;
import io.tessera.router.parse.TableAccess;
import io.tessera.router.parse.TableAccess.Operation;
import io.tessera.router.parse.TableReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether a user may run a statement, by server.xml's rights, checked before anything of it reaches a data host.
 *
 * <p>A {@code readOnly} user may run only what reads (SELECT, including FOR UPDATE, which MySQL allows under
 * {@code read_only}; SHOW, EXPLAIN, SET, transactions, XA, LOCK TABLES ... READ); anything that changes data or schema,
 * or may (CALL, DO, LOAD DATA, LOCK TABLES ... WRITE), gets MyCat's 1495.
 *
 * <p>Under {@code <privileges check="true">}, MyCat 1.6's {@code dml} masks: each table a statement names needs the
 * right for what the statement does to it ({@link StatementAccess}); a table without its own {@code <table>} mask has
 * its schema's, and a schema without a {@code <schema>} element is not restricted. A schema change needs all four
 * rights on each table it names (MyCat checks DML only; a user restricted to reading must not drop the table). A
 * statement's rows on a data node with a {@code <dataNode>} mask need the right for the statement's operation there.
 * A refusal is MySQL's 1142 naming the operation, the user and the table or data node.
 *
 * <p>For every user, whatever its settings ({@link #checkSchemas}): a table qualified with a schema must be in one of
 * the user's {@code schemas}; MySQL's own databases ({@code mysql}, {@code performance_schema}, {@code sys}) and the
 * {@code information_schema} tables about accounts, privileges and server counters are the data hosts', not the
 * logical view's, and are refused alike (1142), so that no data host's account or hash is read through Tessera.
 */
public final class StatementRights {

    /** MySQL's databases about the server itself: accounts and hashes (mysql.user), threads, statistics. */
    private static final Set<String> SERVER_DATABASES = Set.of("mysql", "performance_schema", "sys");

    /**
     * information_schema tables about the data host's accounts, privileges and counters (MySQL and MariaDB). The others
     * describe tables and columns; SCHEMATA and PROCESSLIST are Tessera's own ({@code AnswerVirtualTables}).
     */
    private static final Set<String> SERVER_TABLES = Set.of("user_privileges", "schema_privileges",
            "table_privileges", "column_privileges", "applicable_roles", "enabled_roles", "administrable_role_authorizations",
            "role_table_grants", "role_column_grants", "role_routine_grants", "user_attributes", "global_status",
            "session_status", "global_variables", "session_variables", "user_statistics", "client_statistics",
            "index_statistics", "table_statistics", "thread_pool_stats", "thread_pool_queues", "thread_pool_groups",
            "thread_pool_waits", "user_variables", "innodb_trx", "innodb_lock_waits", "innodb_locks",
            "locales", "sql_functions");

    private StatementRights() {
    }

    /**
     * Refuses a statement that names, in a qualifier, a schema {@code user} may not use, or a table of MySQL's own
     * databases. Every user's statements go through this, checked or not.
     *
     * @throws TesseraException 1142 naming the operation, the user and the table
     */
    public static void checkSchemas(UserConfig user, String host, ParsedStatement statement) {
        for (TableReference table : statement.tables()) {
            String schema = table.schema();
            if (schema == null) {
                continue;
            }
            String lower = schema.toLowerCase(Locale.ROOT);
            boolean refused = lower.equals("information_schema")
                    ? SERVER_TABLES.contains(table.table().toLowerCase(Locale.ROOT))
                    : SERVER_DATABASES.contains(lower) || !mayUse(user, schema);
            if (refused) {
                throw ErrorCode.TABLEACCESS_DENIED_ERROR.exception(keyword(statement), user == null ? "" : user.name(),
                        host, schema + "." + table.table());
            }
        }
    }

    /**
     * Whether {@code user} may use each of {@code schemas}, as {@link #checkSchemas} judges a qualifier: a cached
     * plan whose statement names another schema is taken only by users allowed there.
     */
    public static boolean mayUseAll(UserConfig user, List<String> schemas) {
        for (String schema : schemas) {
            if (!mayUse(user, schema)) {
                return false;
            }
        }
        return true;
    }

    /** The schemas a statement names in qualifiers, other than MySQL's own databases: what a cached plan must keep. */
    public static List<String> qualifiers(ParsedStatement statement) {
        List<String> schemas = new ArrayList<>(0);
        for (TableReference table : statement.tables()) {
            String schema = table.schema();
            if (schema != null && !schema.equalsIgnoreCase("information_schema") && !schemas.contains(schema)) {
                schemas.add(schema);
            }
        }
        return schemas;
    }

    private static boolean mayUse(UserConfig user, String schema) {
        if (user == null) {
            return false;
        }
        for (String own : user.schemas()) {
            if (own.equalsIgnoreCase(schema)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether statements of {@code user} are checked at all; the others run without a look at their tables (and only
     * theirs may take a route from the route cache, which skips the parse the checks need).
     */
    public static boolean restricts(UserConfig user) {
        return user != null && (user.readOnly() || user.privileges().check());
    }

    /**
     * Refuses {@code statement} when {@code user}, logged in from {@code host}, may not run it.
     *
     * @param schema the schema of the tables the statement names without one, or {@code null} when none is selected
     * @param explained the statement is only explained: a read-only user may see its plan
     * @return what the statement asks of the user's rights, for {@link #checkDataNodes} once it is planned;
     *     {@code null} for a user whose statements are not checked
     * @throws TesseraException 1495 or 1142
     */
    public static StatementAccess check(UserConfig user, String host, ParsedStatement statement, String schema,
            boolean explained) {
        if (!restricts(user)) {
            return null;
        }
        StatementAccess access = StatementAccess.of(statement);
        String keyword = keyword(statement);
        if (user.readOnly() && access.changesData() && !explained) {
            throw ErrorCode.USER_READ_ONLY.exception(user.name(), keyword);
        }
        PrivilegesConfig privileges = user.privileges();
        if (!privileges.check()) {
            return access;
        }
        for (TableAccess table : access.tables()) {
            String tableSchema = table.table().schema() != null ? table.table().schema() : schema;
            if (tableSchema == null) {
                continue; // the statement fails with "No database selected"
            }
            Dml rights = rights(privileges, tableSchema, table.table().table());
            if (rights == null) {
                continue;
            }
            String name = tableSchema + "." + table.table().table();
            if (table.ddl() && !(rights.insert() && rights.update() && rights.select() && rights.delete())) {
                throw ErrorCode.TABLEACCESS_DENIED_ERROR.exception(keyword, user.name(), host, name);
            }
            for (Operation operation : table.operations()) {
                if (!allows(rights, operation)) {
                    throw ErrorCode.TABLEACCESS_DENIED_ERROR.exception(operation.name(), user.name(), host, name);
                }
            }
        }
        return access;
    }

    /** What the statement is, as a refusal names it: its first word ({@code INSERT}, {@code CALL}, ...). */
    static String keyword(ParsedStatement statement) {
        String sql = statement.sql().strip();
        int end = 0;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return end == 0 ? statement.type().name() : sql.substring(0, end).toUpperCase(Locale.ROOT);
    }

    /**
     * Refuses a statement whose {@code operation} would run on a data node where {@code user}'s {@code <dataNode>}
     * mask does not allow it.
     *
     * @throws TesseraException 1142 naming the data node
     */
    public static void checkDataNodes(UserConfig user, String host, Operation operation, Collection<String> dataNodes) {
        if (operation == null || user == null || !user.privileges().check()) {
            return;
        }
        Map<String, DataNodePrivilege> masks = user.privileges().dataNodes();
        if (masks.isEmpty()) {
            return;
        }
        for (String dataNode : dataNodes) {
            DataNodePrivilege mask = masks.get(dataNode);
            if (mask != null && !allows(mask.dml(), operation)) {
                throw new TesseraException(ErrorCode.TABLEACCESS_DENIED_ERROR.code(),
                        ErrorCode.TABLEACCESS_DENIED_ERROR.sqlState(), operation.name() + " command denied to user '"
                        + user.name() + "'@'" + host + "' on data node '" + dataNode + "'");
            }
        }
    }

    /** The mask for a table: its own, else its schema's; {@code null} when the schema is not restricted. */
    private static Dml rights(PrivilegesConfig privileges, String schema, String table) {
        SchemaPrivilege schemaRights = find(privileges.schemas(), schema);
        if (schemaRights == null) {
            return null;
        }
        TablePrivilege tableRights = find(schemaRights.tables(), table);
        return tableRights != null ? tableRights.dml() : schemaRights.dml();
    }

    /** Names of schemas and tables compare as MySQL's with lower_case_table_names = 1, as MyCat's do. */
    private static <T> T find(Map<String, T> byName, String name) {
        T exact = byName.get(name);
        if (exact != null) {
            return exact;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, T> entry : byName.entrySet()) {
            if (entry.getKey().toLowerCase(Locale.ROOT).equals(lower)) {
                return entry.getValue();
            }
        }
        return null;
    }

    private static boolean allows(Dml rights, Operation operation) {
        return switch (operation) {
            case INSERT -> rights.insert();
            case UPDATE -> rights.update();
            case SELECT -> rights.select();
            case DELETE -> rights.delete();
        };
    }
}
