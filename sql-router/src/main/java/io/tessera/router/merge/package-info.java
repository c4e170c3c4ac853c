/**
 * Planning SELECTs whose rows come from several data nodes: what each node runs (extra columns for sort keys,
 * collation weights and the SUM and COUNT behind an AVG; LIMIT m,n as LIMIT m+n; HAVING held back) and the merge
 * tree that turns the nodes' rows into exactly the answer one MySQL server would give, or a refusal (1235).
 */
package io.tessera.router.merge;
