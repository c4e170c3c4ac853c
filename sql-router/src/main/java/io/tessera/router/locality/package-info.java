/**
 * Where the rows a statement combines live, and whether each data node can answer its part exactly. A statement is
 * seen as query blocks ({@link io.tessera.router.locality.Block}): each with its table occurrences, derived tables,
 * outer joins, the column equalities that tie tables together, and the subqueries it holds.
 * {@link io.tessera.router.locality.Locality} decides from them whether one node holds everything the statement
 * reads, or how the rows of a sharded table are spread so that every node answers for its own rows; anything else
 * is refused (1235), never guessed.
 */
package io.tessera.router.locality;
