/**
 * MyCat's SQL statistics ({@code useSqlStat}, {@code show @@sql...}): what the statements run on data nodes cost,
 * by user and by table, recorded off the hot path and in bounded memory.
 */
package io.tessera.proxy.stat;
