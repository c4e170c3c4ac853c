package io.tessera.admin.command;

/** One line of {@code show @@help}: a statement form and what it reports. */
record HelpEntry(String statement, String description) {
}
