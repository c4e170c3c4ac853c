/**
 * MySQL's binary protocol, the one prepared statements use (MySQL manual: "Prepared Statements", "Binary
 * Protocol Value", "Binary Protocol Resultset Row"): {@link io.tessera.protocol.binary.PrepareOk} answers
 * COM_STMT_PREPARE, {@link io.tessera.protocol.binary.StmtExecuteRequest} reads COM_STMT_EXECUTE into
 * {@link io.tessera.protocol.binary.BoundValue}s that write themselves as SQL literals, so that a statement can run
 * as COM_QUERY text on a data node, and {@link io.tessera.protocol.binary.BinaryRowEncoder} turns the text rows
 * that come back into binary rows for the client.
 */
package io.tessera.protocol.binary;
