package io.tessera.router.locality;

/**
 * A query nested in an expression of a block: scalar, EXISTS, IN, ANY/ALL.
 *
 * @param inLeft for {@code x IN (SELECT ...)}, the column {@code x} when it is one (else {@code null})
 * @param filtering for {@code x IN (SELECT ...)}: it is a term of the WHERE clause's AND chain, where NULL and
 *     false both drop the row (elsewhere an IN that finds no match is NULL when the subquery has a NULL anywhere)
 */
record Subquery(Unit unit, ColumnRef inLeft, boolean filtering) {
}
