package io.tessera.router.local;

import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowAuthorsStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCharacterSetStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowCollationStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowContributorsStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowEnginesStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowPluginsStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlShowPrivilegesStatement;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import java.util.Locale;
import java.util.Set;

/**
 * What of a data host's own catalog a statement may read through Tessera: an explicit allow-list, so that nothing
 * shows a data host's physical database names, accounts or state unless it is known not to.
 *
 * <ul>
 *   <li>{@code information_schema}: the tables Tessera answers itself ({@link VirtualTables}), and those that hold
 *       no schema, table or account names ({@link #PASSED_TABLES}: engines, character sets, collations, plugins,
 *       spatial reference systems) pass; any other is refused. The tables about accounts, privileges and server
 *       counters are refused earlier, with 1142, by the access checks.</li>
 *   <li>SHOW statements that are neither Tessera's own nor about a logical table ({@link StatementType#SHOW_OTHER}):
 *       SHOW ENGINES, CHARACTER SET, COLLATION, PLUGINS, PRIVILEGES, AUTHORS and CONTRIBUTORS pass; any other (SHOW
 *       ENGINE ... STATUS, SHOW MASTER / SLAVE STATUS, SHOW BINARY LOGS, SHOW OPEN TABLES, SHOW ERRORS, SHOW PROFILES,
 *       ...) is refused.</li>
 * </ul>
 *
 * Stateless.
 */
public final class SystemCatalog {

    /** information_schema tables without schema, table or account names: a data host's rows are the answer. */
    private static final Set<String> PASSED_TABLES = Set.of("ENGINES", "CHARACTER_SETS", "COLLATIONS",
            "COLLATION_CHARACTER_SET_APPLICABILITY", "PLUGINS", "ALL_PLUGINS", "ST_SPATIAL_REFERENCE_SYSTEMS",
            "ST_UNITS_OF_MEASURE", "SPATIAL_REF_SYS");

    private SystemCatalog() {
    }

    /**
     * Why {@code statement} is refused, as the message of a 1235; {@code null} when it may go on. Only statements
     * that Tessera routes by its rules are judged: a MyCat hint sends a statement as written.
     */
    public static String refusal(ParsedStatement statement) {
        if (statement.type() == StatementType.SHOW_OTHER) {
            return statement.ast() == null ? null : showRefusal(statement.ast());
        }
        for (TableReference table : statement.tables()) {
            if (table.schema() == null || !table.schema().equalsIgnoreCase("information_schema")) {
                continue;
            }
            String name = table.table().toUpperCase(Locale.ROOT);
            if (name.equals("PARTITIONS")) {
                return "information_schema.PARTITIONS is not answered through Tessera: a sharded table's partitions"
                        + " are each data node's own, which no one row of the logical table can tell; read them on the"
                        + " data hosts";
            }
            if (!VirtualTables.answers(name) && !PASSED_TABLES.contains(name)) {
                return "information_schema." + name + " is not answered through Tessera: its rows would be a data"
                        + " host's own, with its physical database names. Tessera answers SCHEMATA, TABLES, COLUMNS,"
                        + " STATISTICS, KEY_COLUMN_USAGE, TABLE_CONSTRAINTS, REFERENTIAL_CONSTRAINTS,"
                        + " CHECK_CONSTRAINTS, TRIGGERS, VIEWS, ROUTINES, PARAMETERS, EVENTS, PROCESSLIST and KEYWORDS"
                        + " for the logical schemas";
            }
        }
        return null;
    }

    private static String showRefusal(SQLStatement ast) {
        if (ast instanceof MySqlShowEnginesStatement || ast instanceof MySqlShowCharacterSetStatement
                || ast instanceof MySqlShowCollationStatement || ast instanceof MySqlShowPluginsStatement
                || ast instanceof MySqlShowPrivilegesStatement || ast instanceof MySqlShowAuthorsStatement
                || ast instanceof MySqlShowContributorsStatement) {
            return null;
        }
        return "this SHOW statement is not answered through Tessera: a data host's answer would show its own"
                + " databases, accounts or state. Tessera answers SHOW DATABASES, TABLES, TABLE STATUS, COLUMNS,"
                + " INDEX, CREATE TABLE, CREATE DATABASE, VARIABLES, STATUS, GRANTS, PROCESSLIST, WARNINGS,"
                + " PROCEDURE STATUS, FUNCTION STATUS, TRIGGERS, EVENTS and CREATE PROCEDURE / FUNCTION / TRIGGER /"
                + " VIEW / EVENT, and passes SHOW ENGINES, CHARACTER SET, COLLATION, PLUGINS and PRIVILEGES";
    }
}
