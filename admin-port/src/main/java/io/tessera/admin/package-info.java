/**
 * The admin port (MyCat's 9066 "manager" port) as the running server is seen from it: the small views it reads
 * ({@link io.tessera.admin.AdminContext} and the {@code *View} interfaces and snapshot records it returns) and the
 * actions it asks for ({@link io.tessera.admin.AdminActions} and the records its stages complete with), which
 * {@code proxy-core} implements and hands over at start-up; this module never imports {@code proxy-core} or
 * {@code backend-pool}. The commands ({@code command}) read these views and ask for these actions; the server
 * ({@code server}) runs the commands. Neither is imported from here, so the three packages form no cycle.
 */
package io.tessera.admin;
