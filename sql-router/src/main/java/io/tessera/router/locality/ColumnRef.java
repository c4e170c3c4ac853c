package io.tessera.router.locality;

/** A column of a source, as a statement names it; {@code column} unquoted, as written. */
record ColumnRef(Source source, String column) {
}
