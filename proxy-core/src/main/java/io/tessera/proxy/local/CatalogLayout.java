package io.tessera.proxy.local;

import io.tessera.proxy.local.DerivedTable.Column;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The columns of one of the logical catalog's {@code information_schema} tables ({@code TABLES}, {@code COLUMNS},
 * {@code STATISTICS}, {@code KEY_COLUMN_USAGE}, {@code REFERENTIAL_CONSTRAINTS}, {@code TABLE_CONSTRAINTS},
 * {@code CHECK_CONSTRAINTS}, {@code TRIGGERS}, {@code VIEWS}, {@code ROUTINES}, {@code PARAMETERS}, {@code EVENTS}) as
 * the server Tessera presents itself as has them: MySQL 8's names and order, or MariaDB's (10.6 and later) when it
 * presents itself as MariaDB. A data node's row becomes a row of these columns by name, so that a MySQL data host's
 * rows fill a MariaDB layout and the other way round: a column the data host lacks is NULL, the values of the others
 * are copied as the data host gave them, and the schema and table are the logical ones. A foreign key's referenced
 * schema is the logical one when it is the table's own database, else NULL: another database of the data host is no
 * logical schema. A definer is NULL (a view's is '', for mysqldump): it is an account of the data host, not one of
 * Tessera's. Immutable.
 */
final class CatalogLayout {

    /** The columns that hold the table's schema: the logical schema's name stands in for the physical database. */
    private static final List<String> SCHEMA_COLUMNS = List.of("TABLE_SCHEMA", "INDEX_SCHEMA", "CONSTRAINT_SCHEMA",
            "TRIGGER_SCHEMA", "EVENT_OBJECT_SCHEMA", "ROUTINE_SCHEMA", "EVENT_SCHEMA", "SPECIFIC_SCHEMA");
    /** The columns that name a data host account. */
    private static final List<String> ACCOUNT_COLUMNS = List.of("DEFINER");
    /** The columns that hold a foreign key's referenced schema. */
    private static final List<String> REFERENCED_SCHEMA_COLUMNS = List.of("REFERENCED_TABLE_SCHEMA",
            "UNIQUE_CONSTRAINT_SCHEMA");

    private final DerivedTable derived;
    private final List<Column> columns;
    private final String tableColumn;
    private final String databaseColumn;
    private final boolean ofSchema;
    /** What a definer reads as: NULL, or for a view '' ({@link #views}). */
    private final String definer;

    private CatalogLayout(List<Column> columns) {
        this(columns, "TABLE_NAME", "TABLE_SCHEMA", false);
    }

    private CatalogLayout(List<Column> columns, String tableColumn, String databaseColumn, boolean ofSchema) {
        this(columns, tableColumn, databaseColumn, ofSchema, null);
    }

    private CatalogLayout(List<Column> columns, String tableColumn, String databaseColumn, boolean ofSchema,
            String definer) {
        this.columns = List.copyOf(columns);
        this.derived = new DerivedTable(columns);
        this.tableColumn = tableColumn;
        this.databaseColumn = databaseColumn;
        this.ofSchema = ofSchema;
        this.definer = definer;
    }

    /** {@code information_schema.TABLES}. */
    static CatalogLayout tables(boolean mariaDb) {
        List<Column> columns = new ArrayList<>(List.of(Column.text("TABLE_CATALOG", 512),
                Column.text("TABLE_SCHEMA", 64), Column.text("TABLE_NAME", 64), Column.text("TABLE_TYPE", 64),
                Column.text("ENGINE", 64), Column.unsigned("VERSION"), Column.text("ROW_FORMAT", 10),
                Column.unsigned("TABLE_ROWS"), Column.unsigned("AVG_ROW_LENGTH"), Column.unsigned("DATA_LENGTH"),
                Column.unsigned("MAX_DATA_LENGTH"), Column.unsigned("INDEX_LENGTH"), Column.unsigned("DATA_FREE"),
                Column.unsigned("AUTO_INCREMENT"), Column.dateTime("CREATE_TIME"), Column.dateTime("UPDATE_TIME"),
                Column.dateTime("CHECK_TIME"), Column.text("TABLE_COLLATION", 64), Column.unsigned("CHECKSUM"),
                Column.text("CREATE_OPTIONS", 2048), Column.text("TABLE_COMMENT", 2048)));
        if (mariaDb) {
            columns.addAll(List.of(Column.unsigned("MAX_INDEX_LENGTH"), Column.text("TEMPORARY", 1)));
        }
        return new CatalogLayout(columns);
    }

    /** {@code information_schema.COLUMNS}. */
    static CatalogLayout columns(boolean mariaDb) {
        List<Column> columns = new ArrayList<>(List.of(Column.text("TABLE_CATALOG", 512),
                Column.text("TABLE_SCHEMA", 64), Column.text("TABLE_NAME", 64), Column.text("COLUMN_NAME", 64),
                Column.unsigned("ORDINAL_POSITION"), Column.longText("COLUMN_DEFAULT"), Column.text("IS_NULLABLE", 3),
                Column.longText("DATA_TYPE"), Column.signed("CHARACTER_MAXIMUM_LENGTH"),
                Column.signed("CHARACTER_OCTET_LENGTH"), Column.unsigned("NUMERIC_PRECISION"),
                Column.unsigned("NUMERIC_SCALE"), Column.unsigned("DATETIME_PRECISION"),
                Column.text("CHARACTER_SET_NAME", 64), Column.text("COLLATION_NAME", 64),
                Column.longText("COLUMN_TYPE"), Column.text("COLUMN_KEY", 3), Column.text("EXTRA", 256),
                Column.text("PRIVILEGES", 154), Column.longText("COLUMN_COMMENT")));
        if (mariaDb) {
            columns.addAll(List.of(Column.text("IS_GENERATED", 6), Column.longText("GENERATION_EXPRESSION")));
        } else {
            columns.addAll(List.of(Column.longText("GENERATION_EXPRESSION"), Column.unsigned("SRS_ID")));
        }
        return new CatalogLayout(columns);
    }

    /** {@code information_schema.STATISTICS}. */
    static CatalogLayout statistics(boolean mariaDb) {
        List<Column> columns = new ArrayList<>(List.of(Column.text("TABLE_CATALOG", 512),
                Column.text("TABLE_SCHEMA", 64), Column.text("TABLE_NAME", 64), Column.signed("NON_UNIQUE"),
                Column.text("INDEX_SCHEMA", 64), Column.text("INDEX_NAME", 64), Column.unsigned("SEQ_IN_INDEX"),
                Column.text("COLUMN_NAME", 64), Column.text("COLLATION", 1), Column.signed("CARDINALITY"),
                Column.signed("SUB_PART"), Column.text("PACKED", 10), Column.text("NULLABLE", 3),
                Column.text("INDEX_TYPE", 16), Column.text("COMMENT", 16), Column.text("INDEX_COMMENT", 1024)));
        if (mariaDb) {
            columns.add(Column.text("IGNORED", 3));
        } else {
            columns.addAll(List.of(Column.text("IS_VISIBLE", 3), Column.longText("EXPRESSION")));
        }
        return new CatalogLayout(columns);
    }

    /** {@code information_schema.KEY_COLUMN_USAGE}: MySQL 8's columns are MariaDB's. */
    static CatalogLayout keyColumnUsage() {
        return new CatalogLayout(List.of(Column.text("CONSTRAINT_CATALOG", 512), Column.text("CONSTRAINT_SCHEMA", 64),
                Column.text("CONSTRAINT_NAME", 64), Column.text("TABLE_CATALOG", 512), Column.text("TABLE_SCHEMA", 64),
                Column.text("TABLE_NAME", 64), Column.text("COLUMN_NAME", 64), Column.unsigned("ORDINAL_POSITION"),
                Column.unsigned("POSITION_IN_UNIQUE_CONSTRAINT"), Column.text("REFERENCED_TABLE_SCHEMA", 64),
                Column.text("REFERENCED_TABLE_NAME", 64), Column.text("REFERENCED_COLUMN_NAME", 64)));
    }

    /** {@code information_schema.REFERENTIAL_CONSTRAINTS}: MySQL 8's columns are MariaDB's. */
    static CatalogLayout referentialConstraints() {
        // no TABLE_SCHEMA: a foreign key is in its table's database
        return new CatalogLayout(List.of(Column.text("CONSTRAINT_CATALOG", 512), Column.text("CONSTRAINT_SCHEMA", 64),
                Column.text("CONSTRAINT_NAME", 64), Column.text("UNIQUE_CONSTRAINT_CATALOG", 512),
                Column.text("UNIQUE_CONSTRAINT_SCHEMA", 64), Column.text("UNIQUE_CONSTRAINT_NAME", 64),
                Column.text("MATCH_OPTION", 64), Column.text("UPDATE_RULE", 64), Column.text("DELETE_RULE", 64),
                Column.text("TABLE_NAME", 64), Column.text("REFERENCED_TABLE_NAME", 64)), "TABLE_NAME",
                "CONSTRAINT_SCHEMA", false);
    }

    /** {@code information_schema.TABLE_CONSTRAINTS}; MySQL 8.0.16 and later add {@code ENFORCED}. */
    static CatalogLayout tableConstraints(boolean mariaDb) {
        List<Column> columns = new ArrayList<>(List.of(Column.text("CONSTRAINT_CATALOG", 512),
                Column.text("CONSTRAINT_SCHEMA", 64), Column.text("CONSTRAINT_NAME", 64),
                Column.text("TABLE_SCHEMA", 64), Column.text("TABLE_NAME", 64), Column.text("CONSTRAINT_TYPE", 64)));
        if (!mariaDb) {
            columns.add(Column.text("ENFORCED", 3));
        }
        return new CatalogLayout(columns);
    }

    /**
     * {@code information_schema.TRIGGERS}, a table's triggers: MySQL 8's columns are MariaDB's; {@code CREATED} keeps
     * its hundredths of a second.
     */
    static CatalogLayout triggers() {
        return new CatalogLayout(List.of(Column.text("TRIGGER_CATALOG", 512), Column.text("TRIGGER_SCHEMA", 64),
                Column.text("TRIGGER_NAME", 64), Column.text("EVENT_MANIPULATION", 6),
                Column.text("EVENT_OBJECT_CATALOG", 512), Column.text("EVENT_OBJECT_SCHEMA", 64),
                Column.text("EVENT_OBJECT_TABLE", 64), Column.unsigned("ACTION_ORDER"),
                Column.longText("ACTION_CONDITION"), Column.longText("ACTION_STATEMENT"),
                Column.text("ACTION_ORIENTATION", 3), Column.text("ACTION_TIMING", 6),
                Column.text("ACTION_REFERENCE_OLD_TABLE", 64), Column.text("ACTION_REFERENCE_NEW_TABLE", 64),
                Column.text("ACTION_REFERENCE_OLD_ROW", 3), Column.text("ACTION_REFERENCE_NEW_ROW", 3),
                new Column("CREATED", true, "DATETIME(2)"), Column.text("SQL_MODE", 8192),
                Column.text("DEFINER", 288), Column.text("CHARACTER_SET_CLIENT", 64),
                Column.text("COLLATION_CONNECTION", 64), Column.text("DATABASE_COLLATION", 64)),
                "EVENT_OBJECT_TABLE", "EVENT_OBJECT_SCHEMA", false);
    }

    /**
     * {@code information_schema.VIEWS}; MariaDB adds {@code ALGORITHM}. The physical database's name in a definition
     * (MySQL writes every name qualified and quoted) reads as the logical schema's.
     */
    static CatalogLayout views(boolean mariaDb) {
        List<Column> columns = new ArrayList<>(List.of(Column.text("TABLE_CATALOG", 512),
                Column.text("TABLE_SCHEMA", 64), Column.text("TABLE_NAME", 64), Column.longText("VIEW_DEFINITION"),
                Column.text("CHECK_OPTION", 8), Column.text("IS_UPDATABLE", 3), Column.text("DEFINER", 288),
                Column.text("SECURITY_TYPE", 7), Column.text("CHARACTER_SET_CLIENT", 64),
                Column.text("COLLATION_CONNECTION", 64)));
        if (mariaDb) {
            columns.add(Column.text("ALGORITHM", 10));
        }
        // '' rather than NULL: mysqldump reads a view's DEFINER here and parses it as user@host (it crashes on NULL)
        return new CatalogLayout(columns, "TABLE_NAME", "TABLE_SCHEMA", false, "");
    }

    /** {@code information_schema.ROUTINES}, a schema's stored procedures and functions: MySQL 8's are MariaDB's. */
    static CatalogLayout routines() {
        return new CatalogLayout(List.of(Column.text("SPECIFIC_NAME", 64), Column.text("ROUTINE_CATALOG", 512),
                Column.text("ROUTINE_SCHEMA", 64), Column.text("ROUTINE_NAME", 64), Column.text("ROUTINE_TYPE", 9),
                Column.text("DATA_TYPE", 64), Column.signed("CHARACTER_MAXIMUM_LENGTH"),
                Column.signed("CHARACTER_OCTET_LENGTH"), Column.unsigned("NUMERIC_PRECISION"),
                Column.unsigned("NUMERIC_SCALE"), Column.unsigned("DATETIME_PRECISION"),
                Column.text("CHARACTER_SET_NAME", 64), Column.text("COLLATION_NAME", 64),
                Column.longText("DTD_IDENTIFIER"), Column.text("ROUTINE_BODY", 8),
                Column.longText("ROUTINE_DEFINITION"),
                Column.text("EXTERNAL_NAME", 64), Column.text("EXTERNAL_LANGUAGE", 64),
                Column.text("PARAMETER_STYLE", 8), Column.text("IS_DETERMINISTIC", 3),
                Column.text("SQL_DATA_ACCESS", 64), Column.text("SQL_PATH", 64), Column.text("SECURITY_TYPE", 7),
                Column.dateTime("CREATED"), Column.dateTime("LAST_ALTERED"), Column.text("SQL_MODE", 8192),
                Column.longText("ROUTINE_COMMENT"), Column.text("DEFINER", 288),
                Column.text("CHARACTER_SET_CLIENT", 64),
                Column.text("COLLATION_CONNECTION", 64), Column.text("DATABASE_COLLATION", 64)),
                "ROUTINE_NAME", "ROUTINE_SCHEMA", true);
    }

    /** {@code information_schema.PARAMETERS}, of a schema's routines: MySQL 8's columns are MariaDB's. */
    static CatalogLayout parameters() {
        return new CatalogLayout(List.of(Column.text("SPECIFIC_CATALOG", 512), Column.text("SPECIFIC_SCHEMA", 64),
                Column.text("SPECIFIC_NAME", 64), Column.signed("ORDINAL_POSITION"), Column.text("PARAMETER_MODE", 5),
                Column.text("PARAMETER_NAME", 64), Column.text("DATA_TYPE", 64),
                Column.signed("CHARACTER_MAXIMUM_LENGTH"), Column.signed("CHARACTER_OCTET_LENGTH"),
                Column.unsigned("NUMERIC_PRECISION"), Column.signed("NUMERIC_SCALE"),
                Column.unsigned("DATETIME_PRECISION"), Column.text("CHARACTER_SET_NAME", 64),
                Column.text("COLLATION_NAME", 64), Column.longText("DTD_IDENTIFIER"), Column.text("ROUTINE_TYPE", 9)),
                "SPECIFIC_NAME", "SPECIFIC_SCHEMA", true);
    }

    /**
     * {@code information_schema.CHECK_CONSTRAINTS}, a table's check constraints. MariaDB names each row's table (and
     * adds {@code LEVEL}); MySQL 8 does not, so that its rows cannot be told to a logical table, and reading them is
     * refused ({@link LogicalCatalog}).
     */
    static CatalogLayout checkConstraints(boolean mariaDb) {
        List<Column> columns = new ArrayList<>(List.of(Column.text("CONSTRAINT_CATALOG", 512),
                Column.text("CONSTRAINT_SCHEMA", 64)));
        if (mariaDb) {
            columns.addAll(List.of(Column.text("TABLE_NAME", 64), Column.text("CONSTRAINT_NAME", 64),
                    Column.text("LEVEL", 6)));
        } else {
            columns.add(Column.text("CONSTRAINT_NAME", 64));
        }
        columns.add(Column.longText("CHECK_CLAUSE"));
        return new CatalogLayout(columns, "TABLE_NAME", "CONSTRAINT_SCHEMA", false);
    }

    /** {@code information_schema.EVENTS}, a schema's scheduled events: MySQL 8's columns are MariaDB's. */
    static CatalogLayout events() {
        return new CatalogLayout(List.of(Column.text("EVENT_CATALOG", 64), Column.text("EVENT_SCHEMA", 64),
                Column.text("EVENT_NAME", 64), Column.text("DEFINER", 288), Column.text("TIME_ZONE", 64),
                Column.text("EVENT_BODY", 8), Column.longText("EVENT_DEFINITION"), Column.text("EVENT_TYPE", 9),
                Column.dateTime("EXECUTE_AT"), Column.text("INTERVAL_VALUE", 256), Column.text("INTERVAL_FIELD", 18),
                Column.text("SQL_MODE", 8192), Column.dateTime("STARTS"), Column.dateTime("ENDS"),
                Column.text("STATUS", 18), Column.text("ON_COMPLETION", 12), Column.dateTime("CREATED"),
                Column.dateTime("LAST_ALTERED"), Column.dateTime("LAST_EXECUTED"), Column.text("EVENT_COMMENT", 2048),
                Column.unsigned("ORIGINATOR"), Column.text("CHARACTER_SET_CLIENT", 64),
                Column.text("COLLATION_CONNECTION", 64), Column.text("DATABASE_COLLATION", 64)),
                "EVENT_NAME", "EVENT_SCHEMA", true);
    }

    /**
     * Whether a row belongs to the schema (a routine, an event: all of the schema's first data node's rows), rather
     * than to a table (the rows of each logical table's first data node).
     */
    boolean ofSchema() {
        return ofSchema;
    }

    /** The column that names a row's table (the object's own name, for a schema's objects). */
    String tableColumn() {
        return tableColumn;
    }

    /** The column that names a row's database, by which a data node's rows of its own database are read. */
    String databaseColumn() {
        return databaseColumn;
    }

    /** The position of the column {@code name}, or -1. */
    int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * {@code row}, which a data node gave in the columns {@code positions} names (upper case, to their position), in
     * this layout's columns, with {@code schema} and {@code table} for the physical database's and table's names.
     */
    List<Object> row(Map<String, Integer> positions, List<String> row, String schema, String table) {
        List<Object> values = new ArrayList<>(columns.size());
        for (Column column : columns) {
            if (SCHEMA_COLUMNS.contains(column.name())) {
                values.add(schema);
            } else if (column.name().equals(tableColumn)) {
                values.add(table);
            } else if (ACCOUNT_COLUMNS.contains(column.name())) {
                values.add(definer);
            } else if (column.name().equals("VIEW_DEFINITION")) {
                values.add(logicalNames(positions, row, schema));
            } else if (REFERENCED_SCHEMA_COLUMNS.contains(column.name())) {
                values.add(referencedSchema(positions.get(column.name()), positions, row, schema));
            } else {
                Integer position = positions.get(column.name());
                values.add(position == null ? null : value(column, row.get(position)));
            }
        }
        return values;
    }

    /** The SELECT of a derived table of {@code rows} (each from {@link #row}). */
    String select(List<List<Object>> rows) {
        return derived.select(rows);
    }

    /** A view's definition with the quoted name of its physical database as the logical schema's. */
    private String logicalNames(Map<String, Integer> positions, List<String> row, String schema) {
        Integer definition = positions.get("VIEW_DEFINITION");
        Integer database = positions.get(databaseColumn);
        if (definition == null || row.get(definition) == null || database == null || row.get(database) == null) {
            return definition == null ? null : row.get(definition);
        }
        return row.get(definition).replace(quoted(row.get(database)), quoted(schema));
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    private static String referencedSchema(Integer referenced, Map<String, Integer> positions, List<String> row,
            String schema) {
        Integer own = positions.getOrDefault("TABLE_SCHEMA", positions.get("CONSTRAINT_SCHEMA"));
        if (referenced == null || own == null || row.get(referenced) == null) {
            return null;
        }
        return row.get(referenced).equals(row.get(own)) ? schema : null;
    }

    private static Object value(Column column, String value) {
        if (value == null || column.text()) {
            return value;
        }
        return new BigInteger(value.trim()); // the data host's integer, whatever its width
    }
}
