package io.tessera.router.function;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByJumpConsistentHash}: Lamping and Veach's jump consistent hash
 * of the value's {@code String.hashCode()}, over {@code totalBuckets} nodes.
 *
 * <pre>{@code
 * <function name="jump-consistent-hash" class="io.mycat.route.function.PartitionByJumpConsistentHash">
 *     <property name="totalBuckets">3</property>
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as in MyCat 1.6.7.6: the key is the text's {@code hashCode()}, sign-extended to a
 * {@code long}; numbers are hashed as their digits ({@code 42} and {@code '42'} agree), text as it is (no trimming).
 * NULL is placed as the text {@code NULL}, as MyCat's parser hands it over. MyCat has no range calculation here:
 * a range goes to every node.
 */
record JumpHashFunction(int totalBuckets) implements ShardingFunction {

    /** The 64-bit linear congruential multiplier of the jump consistent hash paper. */
    private static final long MULTIPLIER = 2862933555777941757L;

    JumpHashFunction {
        if (totalBuckets < 1) {
            throw new IllegalArgumentException("totalBuckets: " + totalBuckets + " (expected: >= 1)");
        }
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static JumpHashFunction fromProperties(FunctionProperties props) {
        return new JumpHashFunction(props.requiredInt("totalBuckets"));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return totalBuckets;
    }

    @Override
    public int nodeOf(SqlValue value) {
        if (value instanceof SqlValue.Int v) {
            return jump(DecimalText.hashCode(v.value()), totalBuckets);
        }
        return jump(MycatValues.text(value).hashCode(), totalBuckets);
    }

    /** Jump consistent hash, in MyCat's arithmetic: {@code (k >>> 33) + 1} is at most 2^31, exact as a double. */
    static int jump(long key, int buckets) {
        long k = key;
        long b = -1;
        long j = 0;
        while (j < buckets) {
            b = j;
            k = k * MULTIPLIER + 1;
            j = (long) ((b + 1) * ((double) (1L << 31) / (double) ((k >>> 33) + 1)));
        }
        return (int) b;
    }
}
