package io.tessera.router.locality;

import java.util.List;

/**
 * A subquery in FROM, or a reference to a common table expression, read as a table.
 *
 * @see Unit
 */
final class DerivedTable implements Source {

    private final String alias;
    private final Unit body;
    private final Block block;
    private final boolean recursive;
    private final List<String> columnNames;

    /**
     * @param alias its name in the block, lower-case ({@code null} when it has none)
     * @param recursive a recursive CTE: its rows build on its own rows, so they cannot come per node
     * @param columnNames the names its column list gives its columns ({@code AS d (a, b)}); empty when it has none
     */
    DerivedTable(String alias, Unit body, Block block, boolean recursive, List<String> columnNames) {
        this.alias = alias;
        this.body = body;
        this.block = block;
        this.recursive = recursive;
        this.columnNames = List.copyOf(columnNames);
    }

    List<String> columnNames() {
        return columnNames;
    }

    Unit body() {
        return body;
    }

    boolean recursive() {
        return recursive;
    }

    String alias() {
        return alias;
    }

    @Override
    public Block block() {
        return block;
    }

    @Override
    public boolean answersTo(String qualifier) {
        return qualifier.equals(alias);
    }

    @Override
    public String displayName() {
        return alias == null ? "a derived table" : "derived table " + alias;
    }

    @Override
    public String toString() {
        return displayName();
    }
}
