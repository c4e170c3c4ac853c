/**
 * The admin commands: one final class per command, each with its statement syntax, its {@code show @@help}
 * lines and MyCat 1.6's exact result columns, and {@link io.tessera.admin.command.AdminCommands}, the one explicit
 * list that dispatches a statement to the first command whose syntax matches it. Commands only read {@link
 * io.tessera.admin.AdminContext}; they return an {@link io.tessera.admin.command.AdminReply} and never write
 * packets themselves.
 */
package io.tessera.admin.command;
