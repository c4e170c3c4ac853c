package io.tessera.router.shape;

import io.tessera.router.RouteCache;
import io.tessera.router.parse.SqlShape;
import io.tessera.router.plan.PlanNode;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The plans learnt for one shape: up to {@value #MAX_VARIANTS} variants (a point read of a table over two nodes has
 * two, one per node), and what the front end needs to know of any statement of the shape, which its literals do not
 * change (type, schemas named, locking, tables), taken from the first statement a variant was learnt from. A shape
 * that failed to learn {@value #MAX_FAILURES} times learns no more. It also keeps which sort keys of its merges the
 * data nodes showed are no strings ({@link io.tessera.router.plan.SortKeyTypes}). Thread-safe: variants and facts are
 * written under the lock, read without it.
 */
final class Shape {

    static final int MAX_VARIANTS = 8;
    static final int MAX_FAILURES = 8;

    private RouteCache.Entry meta;          // written before the first variant is published, read after it
    private String text;
    private volatile Variant[] variants = new Variant[0];
    private volatile int failures;
    private volatile Set<String> notStrings = Set.of();

    /** The entry for {@code statement}, with its plan, or {@code null} when no variant serves it. */
    RouteCache.Entry bind(SqlShape.Lexed statement) {
        for (Variant variant : variants) {
            PlanNode plan = variant.bind(statement);
            if (plan != null) {
                return new RouteCache.Entry(meta.type(), plan, meta.schemas(), meta.locksRows(), meta.tables(), text);
            }
        }
        return null;
    }

    boolean learns() {
        return failures < MAX_FAILURES && variants.length < MAX_VARIANTS;
    }

    /**
     * @param meta the entry of the statement the variant was learnt from, whose plan is not used
     * @param text the shape with {@code ?} for each literal, as {@link SqlShape#of} writes it
     */
    synchronized void add(Variant variant, RouteCache.Entry meta, String text) {
        if (this.meta == null) {
            this.meta = meta;
            this.text = text;
        }
        if (variants.length < MAX_VARIANTS) {
            Variant[] more = Arrays.copyOf(variants, variants.length + 1);
            more[variants.length] = variant;
            variants = more;
        }
    }

    boolean notString(String expression) {
        return notStrings.contains(expression);
    }

    /**
     * Learns that the sort keys {@code expressions} are no strings. When that is news, the variants, planned to weigh
     * them, are dropped, so that the shape is planned again without their weights.
     *
     * @return whether it was news
     */
    synchronized boolean learnNotStrings(Set<String> expressions) {
        if (notStrings.containsAll(expressions)) {
            return false;
        }
        Set<String> more = new HashSet<>(notStrings);
        more.addAll(expressions);
        notStrings = Set.copyOf(more);
        variants = new Variant[0];
        return true;
    }

    synchronized void failed() {
        failures++;
    }

    int variantCount() {
        return variants.length;
    }
}
