package io.tessera.proxy.local;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.PrivilegesConfig.Dml;
import io.tessera.proxy.config.PrivilegesConfig.SchemaPrivilege;
import io.tessera.proxy.config.PrivilegesConfig.TablePrivilege;
import io.tessera.proxy.config.UserConfig;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.local.ShowGrants;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.parse.ParsedStatement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code SHOW GRANTS}: what server.xml lets the logical user do, in MySQL's grant syntax, one row per grant: first
 * {@code GRANT USAGE ON *.*} (no global privilege), then one grant per schema of the user, then one per table that
 * {@code <privileges>} names. Never a password: MySQL 8 leaves {@code IDENTIFIED BY} out too.
 *
 * <ul>
 *   <li>a schema without a DML mask: {@code ALL PRIVILEGES} (Tessera passes whatever the user sends on);</li>
 *   <li>{@code readOnly}: {@code SELECT} only;</li>
 *   <li>{@code <privileges check="true">}: a schema's or table's {@code dml} mask (insert, update, select, delete)
 *       takes away the DML privileges it denies, and only those: as in MyCat, DDL and the rest are not checked. A
 *       table's mask replaces its schema's for that table, where MySQL would add the two; a table left with nothing
 *       reads {@code GRANT USAGE ON `schema`.`table`}.</li>
 * </ul>
 *
 * {@code FOR} the current user ({@code CURRENT_USER}, {@code CURRENT_USER()}, or its own name with host {@code %} or
 * the client's address) answers the same; {@code FOR} anyone else is refused with 1044 on database {@code mysql}, as
 * MySQL refuses a user without SELECT on it, whether that account exists or not.
 */
public final class Grants {

    /** MySQL's privileges at schema level, in the order SHOW GRANTS lists them. */
    private static final List<String> SCHEMA_PRIVILEGES = List.of("SELECT", "INSERT", "UPDATE", "DELETE", "CREATE",
            "DROP", "REFERENCES", "INDEX", "ALTER", "CREATE TEMPORARY TABLES", "LOCK TABLES", "EXECUTE", "CREATE VIEW",
            "SHOW VIEW", "CREATE ROUTINE", "ALTER ROUTINE", "EVENT", "TRIGGER");
    /** MySQL's privileges at table level, in the order SHOW GRANTS lists them. */
    private static final List<String> TABLE_PRIVILEGES = List.of("SELECT", "INSERT", "UPDATE", "DELETE", "CREATE",
            "DROP", "REFERENCES", "INDEX", "ALTER", "CREATE VIEW", "SHOW VIEW", "TRIGGER");
    private static final Dml ALL_DML = new Dml(true, true, true, true);

    private final SchemaCatalog catalog;

    public Grants(SchemaCatalog catalog) {
        this.catalog = catalog;
    }

    public void show(ClientChannel client, ParsedStatement statement) {
        ShowGrants show = LocalStatements.showGrants(statement);
        Session session = client.session();
        UserConfig user = session.user();
        if (!show.currentUser() && !(show.user().equals(user.name())
                && (show.host().equals("%") || show.host().equals(session.remoteHost())))) {
            client.error(ErrorCode.DBACCESS_DENIED_ERROR.exception(user.name(), session.remoteHost(), "mysql"));
            return;
        }
        client.result(table(user, catalog));
    }

    /** The grants of {@code user}, as SHOW GRANTS answers them. */
    static ResultTable table(UserConfig user, SchemaCatalog catalog) {
        ResultTable.Builder table = ResultTable.builder()
                .column(ResultTable.varchar("Grants for " + user.name() + "@%"));
        for (String line : lines(user, catalog)) {
            table.row(line);
        }
        return table.build();
    }

    static List<String> lines(UserConfig user, SchemaCatalog catalog) {
        String account = " TO '" + user.name().replace("'", "''") + "'@'%'";
        PrivilegesConfig privileges = user.privileges();
        List<String> lines = new ArrayList<>();
        lines.add("GRANT USAGE ON *.*" + account);
        List<String> tableLines = new ArrayList<>();
        for (String schema : user.schemas()) {
            if (catalog.schema(schema).isEmpty()) {
                continue; // as SHOW DATABASES: only schemas that exist
            }
            SchemaPrivilege masks = privileges.check() ? privileges.schemas().get(schema) : null;
            Dml schemaDml = masks == null ? ALL_DML : masks.dml();
            lines.add("GRANT " + privilegeList(SCHEMA_PRIVILEGES, schemaDml, user.readOnly()) + " ON "
                    + identifier(schema) + ".*" + account);
            if (masks != null) {
                for (TablePrivilege t : masks.tables().values()) {
                    tableLines.add("GRANT " + privilegeList(TABLE_PRIVILEGES, t.dml(), user.readOnly()) + " ON "
                            + identifier(schema) + "." + identifier(t.name()) + account);
                }
            }
        }
        lines.addAll(tableLines);
        return lines;
    }

    /**
     * The privileges of {@code level} that {@code dml} and {@code readOnly} leave: {@code ALL PRIVILEGES} when that is
     * all of them, {@code USAGE} when none.
     */
    private static String privilegeList(List<String> level, Dml dml, boolean readOnly) {
        List<String> granted = new ArrayList<>();
        for (String privilege : level) {
            boolean allowed = switch (privilege) {
                case "SELECT" -> dml.select();
                case "INSERT" -> dml.insert() && !readOnly;
                case "UPDATE" -> dml.update() && !readOnly;
                case "DELETE" -> dml.delete() && !readOnly;
                default -> !readOnly;
            };
            if (allowed) {
                granted.add(privilege);
            }
        }
        if (granted.isEmpty()) {
            return "USAGE";
        }
        return granted.size() == level.size() ? "ALL PRIVILEGES" : String.join(", ", granted);
    }

    private static String identifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
