/**
 * Sharding functions: MyCat 1.6's partition algorithms, each returning the same data node index as MyCat 1.6.7
 * for the same parameters and value, so that rows MyCat stored stay findable. {@link
 * io.tessera.router.function.FunctionRegistry} maps rule.xml's class names (MyCat's and Tessera's short ones) to
 * factories; {@link io.tessera.router.function.ShardingFunction} is what the router calls.
 */
package io.tessera.router.function;
