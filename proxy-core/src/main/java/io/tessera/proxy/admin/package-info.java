/**
 * What the 9066 admin port shows, read from the running proxy: implementations of admin-port's
 * {@link io.tessera.admin.AdminContext} and its views over the configuration, the pools, the data nodes and the
 * client connections.
 */
package io.tessera.proxy.admin;
