/**
 * Statements Tessera answers itself, without running them as they are on a data node: SET, USE, SHOW
 * DATABASES/TABLES/WARNINGS, transaction control, and SELECTs of session facts such as {@code @@version_comment}
 * or {@code DATABASE()}.
 */
package io.tessera.proxy.local;
