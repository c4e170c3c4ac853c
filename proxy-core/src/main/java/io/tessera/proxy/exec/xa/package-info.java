/**
 * Two-phase commit over the data hosts' XA: the coordinator that drives a session's branches, the durable log of
 * commit decisions, and the recovery that finishes or rolls back prepared branches after a crash.
 */
package io.tessera.proxy.exec.xa;
