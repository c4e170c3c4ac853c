/**
 * The statement-shape cache: plans keyed by a statement's text with its literals taken out ({@link
 * io.tessera.router.parse.SqlShape}), so that statements differing only in their values are planned once and then
 * routed without a parse. {@link ShapeCache} is the entry point; {@link VariantLearner} learns, from one planning
 * and its {@link io.tessera.router.shard.PlacementTrace}, which literals the plan reads and how; a {@link Variant}
 * binds another statement's literals to the plan it would get.
 */
package io.tessera.router.shape;
