/**
 * {@code LOAD DATA LOCAL INFILE} into a sharded table: the file's rows found one by one, each with the value that
 * places it, as the file streams through ({@link io.tessera.router.load.RowSplitter}). The statement itself is read
 * in {@code parse} ({@link io.tessera.router.parse.LoadDataSyntax}); where its rows go is the router's
 * ({@link io.tessera.router.LoadRoute}).
 */
package io.tessera.router.load;
