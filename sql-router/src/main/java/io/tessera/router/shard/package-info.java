/**
 * From a statement to the data nodes of its sharded tables: {@link io.tessera.router.shard.Literals} reads values
 * as MyCat's functions receive them, {@link io.tessera.router.shard.WhereNodes} evaluates a WHERE clause against a
 * table's rule, {@link io.tessera.router.shard.InsertRows} places each row of an INSERT.
 */
package io.tessera.router.shard;
