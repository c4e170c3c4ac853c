package io.tessera.router.locality;

/** A query that yields rows: one query block, or a UNION of units. */
sealed interface Unit permits Block, UnionUnit {
}
