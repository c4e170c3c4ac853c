package io.tessera.router.model;

import java.util.Objects;

/**
 * An ER child table's link to its parent ({@code <childTable joinKey parentKey>}): a child row lives on the data
 * node of the parent row whose {@code parentKey} equals the child's {@code joinKey}.
 */
public record ErParent(String parentTable, String joinKey, String parentKey) {

    public ErParent {
        Objects.requireNonNull(parentTable, "parentTable");
        Objects.requireNonNull(joinKey, "joinKey");
        Objects.requireNonNull(parentKey, "parentKey");
    }
}
