package io.tessera.proxy.config;

import java.util.List;
import java.util.Objects;

/**
 * A schema.xml {@code <childTable>}: an ER child whose rows live on the data node of their parent row, found
 * by {@code child.joinKey = parent.parentKey}. Child tables nest.
 *
 * @param name the logical table name as written
 * @param joinKey the child's column that refers to the parent
 * @param parentKey the parent's column it refers to
 * @param primaryKey primary key column; null when not set
 * @param autoIncrement fill the primary key from the global sequence
 * @param needAddLimit add {@code sqlMaxLimit} to this table's SELECTs
 * @param childTables this table's own ER children, in document order
 */
public record ChildTableConfig(
        String name,
        String joinKey,
        String parentKey,
        String primaryKey,
        boolean autoIncrement,
        boolean needAddLimit,
        List<ChildTableConfig> childTables) {

    public ChildTableConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(joinKey, "joinKey");
        Objects.requireNonNull(parentKey, "parentKey");
        childTables = List.copyOf(childTables);
    }
}
