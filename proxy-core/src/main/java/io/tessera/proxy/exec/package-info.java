/**
 * Runs plans: {@link io.tessera.proxy.exec.Executor} borrows backend connections for the data nodes a plan
 * names, brings the session's state onto them ({@link io.tessera.proxy.exec.BackendSync}) and streams the answer
 * back ({@link io.tessera.proxy.exec.Passthrough}, the single-node hot path).
 */
package io.tessera.proxy.exec;
