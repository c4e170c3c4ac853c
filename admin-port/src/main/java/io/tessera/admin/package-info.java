/**
 * The admin port (MyCat's 9066 "manager" port): {@link io.tessera.admin.AdminServer} speaks the MySQL protocol,
 * logs DBAs in with {@code mysql_native_password} and answers {@code show @@...} commands with MyCat 1.6's exact
 * result columns. It reads the running server only through the small views defined here ({@link
 * io.tessera.admin.AdminContext} and the {@code *View} interfaces and snapshot records it returns), which
 * {@code proxy-core} implements and hands over at start-up; this module never imports {@code proxy-core} or
 * {@code backend-pool}.
 */
package io.tessera.admin;
