package io.tessera.router.locality;

/** Something a query block reads rows from: a table, or a derived table (a subquery in FROM, a CTE). */
sealed interface Source permits TableOccurrence, DerivedTable {

    /** The block whose FROM names it. */
    Block block();

    /** Whether {@code qualifier} (lower-case) names it in column references. */
    boolean answersTo(String qualifier);

    /** The name messages use. */
    String displayName();
}
