/**
 * Turns a statement into a plan: which data nodes it must reach and the SQL each one gets. {@link
 * io.tessera.router.Router} is the entry point; {@code parse} adapts Druid, {@code model} is the router's immutable
 * view of the logical schemas, {@code plan} holds the plan nodes. No Netty, no connections.
 */
package io.tessera.router;
