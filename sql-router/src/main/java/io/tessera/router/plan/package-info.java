/**
 * Plans: immutable trees of {@link io.tessera.router.plan.PlanNode}s decided before execution and shareable
 * between sessions. Each node describes itself in one deterministic line for EXPLAIN and golden tests.
 */
package io.tessera.router.plan;
