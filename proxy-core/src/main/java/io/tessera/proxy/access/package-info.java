/**
 * What each user may do, from server.xml: the rights a statement needs (read-only users, {@code <privileges>} dml
 * masks per schema, table and data node), and how many connections a user may hold at once ({@code benchmark}).
 */
package io.tessera.proxy.access;
