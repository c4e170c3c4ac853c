package io.tessera.router.plan;

/**
 * What the data nodes' answers to earlier statements of the same shape showed of a merge's sort keys (ORDER BY,
 * GROUP BY, DISTINCT): which are not character strings, and so need no collation weight from the nodes for the merge
 * to order them as MySQL does. A merge whose key was planned without its weight checks, once the nodes have described
 * their columns, that the key is still no string, and refuses the statement when it is.
 */
@FunctionalInterface
public interface SortKeyTypes {

    /** Knows nothing: every key that may be a string is weighed. */
    SortKeyTypes UNKNOWN = expression -> false;

    /** Whether the key written as {@code expression} ({@link SortKey#expression}) is no string. */
    boolean notString(String expression);
}
