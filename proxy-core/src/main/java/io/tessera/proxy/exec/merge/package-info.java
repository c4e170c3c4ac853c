/**
 * Merging the rows of several data nodes into one result: one operator per kind of plan node ({@link
 * io.tessera.router.plan.PlanNode}), composed as the plan says and pulled row by row by {@link MergeExecution},
 * which writes the result to the client as fast as it reads it and pauses the data nodes when it does not.
 */
package io.tessera.proxy.exec.merge;
