package io.tessera.router.shape;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.tessera.router.CacheCounters;
import io.tessera.router.RouteCache;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlShape;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.SortKeyTypes;
import io.tessera.router.shard.PlacementTrace;
import java.util.Set;

/**
 * Plans keyed by (schema, statement shape): a statement that differs from one planned before only in the values a
 * WHERE clause compares columns with or an UPDATE sets takes that plan with its own values written into the data
 * nodes' texts, placed by the same sharding functions, without a parse. What a plan may depend on and how is
 * {@link VariantLearner}'s; a statement no variant serves is planned anew and may teach its shape another variant.
 * Texts with a backslash are never served (their literals depend on sql_mode). Bounded by the total length of the
 * shapes; cleared when DDL or a reload may change what a statement routes to. Thread-safe.
 */
public final class ShapeCache {

    /** What a shape weighs beside its text, in characters: its variants' plans and texts. */
    private static final int SHAPE_CHARS = 1024;

    private final Cache<Key, Shape> cache;
    private final long maxChars;
    private final CacheCounters counters = new CacheCounters();

    /** @param maxChars the most shape text the cache holds, in characters, each shape weighing 1024 more */
    public ShapeCache(long maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars: " + maxChars + " (expected: >= 1)");
        }
        this.maxChars = maxChars;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxChars)
                .weigher((Key key, Shape shape) -> key.shape().length() + SHAPE_CHARS)
                .executor(Runnable::run)
                .build();
    }

    /** The plan and facts of {@code sql} in {@code schema} from a shape learnt before, or {@code null}. */
    public RouteCache.Entry find(String schema, String sql) {
        SqlShape.Lexed lexed = SqlShape.lex(sql);
        if (lexed == null || lexed.count() == 0) {
            return null;
        }
        Shape shape = cache.getIfPresent(new Key(schema, lexed.key()));
        RouteCache.Entry entry = shape == null ? null : shape.bind(lexed);
        counters.accessed(entry != null);
        return entry;
    }

    /**
     * Starts learning from the planning of {@code statement}, which must follow at once on this thread; {@code null}
     * when its shape learns nothing. Close the learning in a {@code finally}, then {@link #learn} from it.
     */
    public Learning startLearning(String schema, ParsedStatement statement) {
        if (!VariantLearner.learnsFrom(statement)) {
            return null;
        }
        SqlShape.Lexed lexed = SqlShape.lex(statement.sql());
        if (lexed == null || lexed.count() == 0) {
            return null;
        }
        Key key = new Key(schema, lexed.key());
        Shape shape = cache.getIfPresent(key);
        if (shape != null && !shape.learns()) {
            return null;
        }
        VariantLearner.Snapshot snapshot = VariantLearner.snapshot(lexed, statement);
        if (snapshot == null) {
            cache.get(key, k -> new Shape()).failed(); // so that a shape that never matches stops trying
            return null;
        }
        return new Learning(key, snapshot, PlacementTrace.open());
    }

    /** Learns the variant {@code entry}'s plan makes, when its planning may serve other statements of its shape. */
    public void learn(Learning learning, RouteCache.Entry entry) {
        learning.close();
        PlanNode plan = entry.plan();
        Variant variant = VariantLearner.learn(learning.snapshot, plan, learning.trace);
        Shape shape = cache.get(learning.key, key -> new Shape());
        if (variant == null) {
            shape.failed();
        } else {
            shape.add(variant, entry, SqlShape.of(learning.snapshot.sql()));
            counters.put();
        }
    }

    /** What merges of statements shaped as {@code sql} in {@code schema} showed of their sort keys, and will show. */
    public SortKeyFacts sortKeyFacts(String schema, String sql) {
        return new SortKeyFacts(schema, sql);
    }

    public void clear() {
        cache.invalidateAll();
    }

    /** The shapes it holds. */
    public long size() {
        return cache.estimatedSize();
    }

    /** Its bound: the shape text it may hold, in characters, each shape weighing {@value #SHAPE_CHARS} more. */
    public long maxChars() {
        return maxChars;
    }

    /** The weight it holds now, in the units of {@link #maxChars()}. */
    public long chars() {
        return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    /** Its lookups, hits and learnt variants. */
    public CacheCounters counters() {
        return counters;
    }

    /** A planning being watched for what its shape may learn. */
    public static final class Learning implements AutoCloseable {

        private final Key key;
        private final VariantLearner.Snapshot snapshot;
        private final PlacementTrace trace;

        private Learning(Key key, VariantLearner.Snapshot snapshot, PlacementTrace trace) {
            this.key = key;
            this.snapshot = snapshot;
            this.trace = trace;
        }

        /** Stops watching this thread's planning. */
        @Override
        public void close() {
            trace.close();
        }
    }

    /**
     * The sort-key facts of one statement's shape, for the router to plan by and the merge to add to. The shape is
     * lexed only when first asked: most statements are no merge. For one run, on its event loop.
     */
    public final class SortKeyFacts implements SortKeyTypes {

        private final String schema;
        private final String sql;
        private Key key;
        private boolean lexed;

        private SortKeyFacts(String schema, String sql) {
            this.schema = schema;
            this.sql = sql;
        }

        @Override
        public boolean notString(String expression) {
            Key shapeKey = key();
            Shape shape = shapeKey == null ? null : cache.getIfPresent(shapeKey);
            return shape != null && shape.notString(expression);
        }

        /**
         * Learns that the keys {@code expressions} are no strings in this shape.
         *
         * @return whether it was news: the shape's variants were dropped, and a plan of this text made before should
         *     be too
         */
        public boolean learnNotStrings(Set<String> expressions) {
            Key shapeKey = key();
            return shapeKey != null && !expressions.isEmpty()
                    && cache.get(shapeKey, k -> new Shape()).learnNotStrings(expressions);
        }

        private Key key() {
            if (!lexed) {
                lexed = true;
                SqlShape.Lexed shape = SqlShape.lex(sql);
                key = shape == null ? null : new Key(schema, shape.key());
            }
            return key;
        }
    }

    private record Key(String schema, String shape) {
    }
}
