package io.tessera.proxy.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A user's {@code <privileges check="...">}: DML rights per schema and per table, as MyCat 1.6's
 * {@code UserPrivilegesConfig}. Rights are written as a {@code dml} string of four 0/1 digits in the order
 * insert, update, select, delete: {@code "0110"} allows update and select.
 *
 * @param check whether the rights are enforced; {@code false} when the user has no {@code <privileges>}
 * @param schemas rights per schema name, in document order
 * @param dataNodes rights per data node name ({@code <dataNode name dml>}), in document order
 */
public record PrivilegesConfig(boolean check, Map<String, SchemaPrivilege> schemas,
        Map<String, DataNodePrivilege> dataNodes) {

    /** No {@code <privileges>} element: nothing is checked. */
    public static final PrivilegesConfig NONE = new PrivilegesConfig(false, Map.of(), Map.of());

    public PrivilegesConfig {
        schemas = Collections.unmodifiableMap(new LinkedHashMap<>(schemas));
        dataNodes = Collections.unmodifiableMap(new LinkedHashMap<>(dataNodes));
    }

    /**
     * A {@code <schema name dml>} inside {@code <privileges>}.
     *
     * @param name the logical schema
     * @param dml the schema's rights
     * @param tables rights of single tables, overriding {@code dml}, in document order
     */
    public record SchemaPrivilege(String name, Dml dml, Map<String, TablePrivilege> tables) {

        public SchemaPrivilege {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(dml, "dml");
            tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
        }
    }

    /**
     * A {@code <table name dml>} inside a privileges {@code <schema>}.
     *
     * @param name the logical table
     * @param dml the table's rights
     */
    public record TablePrivilege(String name, Dml dml) {

        public TablePrivilege {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(dml, "dml");
        }
    }

    /**
     * A {@code <dataNode name dml>} inside {@code <privileges>}: what the user may do with rows on that data node,
     * whichever table and schema they belong to (MyCat 1.6.7's {@code DataNodePrivilege}).
     *
     * @param name the data node
     * @param dml the rights there
     */
    public record DataNodePrivilege(String name, Dml dml) {

        public DataNodePrivilege {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(dml, "dml");
        }
    }

    /**
     * The four rights of a {@code dml} string, e.g. {@code "0110"}.
     *
     * @param insert first digit
     * @param update second digit
     * @param select third digit
     * @param delete fourth digit
     */
    public record Dml(boolean insert, boolean update, boolean select, boolean delete) {

        /** {@code dml} as four 0/1 digits, or empty when it is not that. */
        static Optional<Dml> parse(String dml) {
            if (dml.length() != 4 || !dml.chars().allMatch(c -> c == '0' || c == '1')) {
                return Optional.empty();
            }
            return Optional.of(new Dml(dml.charAt(0) == '1', dml.charAt(1) == '1', dml.charAt(2) == '1',
                    dml.charAt(3) == '1'));
        }

        @Override
        public String toString() {
            return (insert ? "1" : "0") + (update ? "1" : "0") + (select ? "1" : "0") + (delete ? "1" : "0");
        }
    }
}
