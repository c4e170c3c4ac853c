/**
 * The admin commands: one final class per command, each with its statement syntax, its {@code show @@help}
 * lines and MyCat 1.6's exact result columns, and {@link io.tessera.admin.command.AdminCommands}, the one explicit
 * list that dispatches a statement to the first command whose syntax matches it. Commands read {@link
 * io.tessera.admin.AdminContext} and ask {@link io.tessera.admin.AdminActions} for actions; they return an {@link
 * io.tessera.admin.command.AdminReply}, now or pending, and never write packets themselves.
 */
package io.tessera.admin.command;
