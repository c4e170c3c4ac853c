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
import java.util.Map;

/**
 * {@code SHOW GRANTS}: what server.xml lets the logical user do, in MySQL's grant syntax, one row per grant: first
 * {@code GRANT USAGE ON *.*} (no global privilege), then one grant per schema of the user, then one per table that
 * {@code <privileges>} names. The grants say what the checks of {@link io.tessera.proxy.access.StatementRights} let
 * through. Never a password: MySQL 8 leaves {@code IDENTIFIED BY} out too.
 *
 * <ul>
 *   <li>a schema without a DML mask, or with {@code dml="1111"}: {@code ALL PRIVILEGES};</li>
 *   <li>{@code readOnly}: {@code SELECT} only;</li>
 *   <li>under {@code <privileges check="true">}, a schema's or a table's other {@code dml} mask (insert, update,
 *       select, delete): the DML privileges it allows, and nothing else, since changing the schema of a table under
 *       such a mask is refused. A table's mask replaces its schema's for that table, where MySQL would add the two;
 *       a table left with nothing reads {@code GRANT USAGE ON `schema`.`table`}. A {@code <dataNode>} mask limits rows
 *       by where they live, which MySQL's grants cannot say: it shows in no grant.</li>
 * </ul>
 *
 * {@code FOR} the current user ({@code CURRENT_USER}, {@code CURRENT_USER()}, or its own name with host {@code %} or
 * the client's address) answers the same; {@code FOR} anyone else is refused with 1044 on database {@code mysql}, as
 * MySQL refuses a user without SELECT on it, whether that account exists or not.
 */
public final class Grants {

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
            SchemaPrivilege masks = privileges.check() ? find(privileges.schemas(), schema) : null;
            lines.add("GRANT " + privilegeList(masks == null ? ALL_DML : masks.dml(), user.readOnly()) + " ON "
                    + identifier(schema) + ".*" + account);
            if (masks != null) {
                for (TablePrivilege t : masks.tables().values()) {
                    tableLines.add("GRANT " + privilegeList(t.dml(), user.readOnly()) + " ON " + identifier(schema)
                            + "." + identifier(t.name()) + account);
                }
            }
        }
        lines.addAll(tableLines);
        return lines;
    }

    /**
     * What {@code dml} and {@code readOnly} leave, in MySQL's order: {@code ALL PRIVILEGES} for all four rights
     * (schema changes included), else the DML privileges they allow, {@code USAGE} for none.
     */
    private static String privilegeList(Dml dml, boolean readOnly) {
        if (readOnly) {
            return dml.select() ? "SELECT" : "USAGE";
        }
        if (dml.equals(ALL_DML)) {
            return "ALL PRIVILEGES";
        }
        List<String> granted = new ArrayList<>();
        if (dml.select()) {
            granted.add("SELECT");
        }
        if (dml.insert()) {
            granted.add("INSERT");
        }
        if (dml.update()) {
            granted.add("UPDATE");
        }
        if (dml.delete()) {
            granted.add("DELETE");
        }
        return granted.isEmpty() ? "USAGE" : String.join(", ", granted);
    }

    /** The schema's masks: names compare as StatementRights compares them, exactly first, then in any case. */
    private static SchemaPrivilege find(Map<String, SchemaPrivilege> schemas, String name) {
        SchemaPrivilege exact = schemas.get(name);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<String, SchemaPrivilege> entry : schemas.entrySet()) {
            if (entry.getKey().equalsIgnoreCase(name)) {
                return entry.getValue();
            }
        }
        return null;
    }

    private static String identifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
