/**
 * The load tool: runs the same workload against Tessera and against MySQL directly, in one invocation, and
 * reports both and their ratio. Every performance figure in docs/ comes from it.
 */
package io.tessera.bench;
