/**
 * The admin server: {@link io.tessera.admin.server.AdminServer} speaks the MySQL protocol on 9066, logs DBAs in
 * with {@code mysql_native_password} ({@link io.tessera.admin.server.AdminSettings}, {@link
 * io.tessera.admin.server.AdminUser}) and hands each {@code COM_QUERY} to the {@link
 * io.tessera.admin.command.AdminCommands} registry, which answers it from the {@link io.tessera.admin.AdminContext}
 * that {@code proxy-core} handed over.
 */
package io.tessera.admin.server;
