package io.tessera.router.locality;

import java.util.Set;

/**
 * One place where a statement names a table: the same table named twice (a self-join, a subquery) is two
 * occurrences, each with its own block and WHERE clause.
 */
final class TableOccurrence implements Source {

    private final ResolvedTable table;
    private final Set<String> qualifiers;
    private final Block block;

    TableOccurrence(ResolvedTable table, Block block) {
        this.table = table;
        this.qualifiers = table.ref().qualifiers();
        this.block = block;
    }

    ResolvedTable table() {
        return table;
    }

    /** The names (lower-case) that qualify its columns: the table's and its alias. */
    Set<String> qualifiers() {
        return qualifiers;
    }

    @Override
    public Block block() {
        return block;
    }

    @Override
    public boolean answersTo(String qualifier) {
        return qualifiers.contains(qualifier);
    }

    /** {@code TESTDB.hotnews}, or {@code TESTDB.hotnews h2} when an alias tells it from another occurrence. */
    @Override
    public String displayName() {
        String alias = table.ref().alias();
        return alias == null || alias.equalsIgnoreCase(table.ref().table()) ? table.displayName()
                : table.displayName() + " " + alias;
    }

    @Override
    public String toString() {
        return displayName();
    }
}
