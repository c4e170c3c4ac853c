/**
 * {@code LOAD DATA [LOCAL] INFILE}: the statement read by Tessera itself (Druid reads too little of it), where a
 * file's rows go ({@link io.tessera.router.load.LoadRoute}), and the file's rows found and placed one by one as the
 * file streams through ({@link io.tessera.router.load.RowSplitter}).
 */
package io.tessera.router.load;
