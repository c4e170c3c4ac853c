package io.tessera.router.locality;

/**
 * A column equality {@code a.x = b.y} that every row the block yields satisfies: in the WHERE clause's AND chain,
 * in an inner join's ON, or in an outer join's ON where it filters the rows of the outer (null-supplying) side.
 * Either side may belong to an enclosing block (a correlated subquery).
 */
record Link(ColumnRef left, ColumnRef right) {
}
