package io.tessera.router.function;

import java.math.BigInteger;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByMod}: node = |value| mod {@code count}.
 *
 * <pre>{@code
 * <function name="mod-long" class="io.mycat.route.function.PartitionByMod">
 *     <property name="count">3</property>
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as MyCat 1.6.7.6 places values (its issue #2619):
 * <ul>
 *   <li>An integer, written as a number or as a string ({@code '42'}, or 25 digits), goes to |value| mod count,
 *       computed exactly, so {@link Long#MIN_VALUE} and integers beyond a long are placed too.</li>
 *   <li>Any other text, on which MyCat's {@code new BigInteger(text)} fails ({@code 'abc'}, {@code ''},
 *       {@code ' 42'}, {@code '4.2'}), goes to {@code Math.abs(text.hashCode()) % count}. For a text whose hash is
 *       {@link Integer#MIN_VALUE} that expression is negative unless count divides 2^31: MyCat then fails on the
 *       index, and Tessera throws {@link UnplaceableValueException}.</li>
 *   <li>NULL is placed as the text {@code NULL}, which is how MyCat's parser hands an inserted NULL to the
 *       function.</li>
 * </ul>
 *
 * <p>Ranges: MyCat has no range calculation here and sends a range to every node. Tessera narrows an integer range
 * that is shorter than {@code count} to the nodes its values reach, which is exact; any other range gets every node.
 */
record ModFunction(int count) implements ShardingFunction {

    private static final String NAME = "PartitionByMod";

    ModFunction {
        if (count < 1) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 1)");
        }
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static ModFunction fromProperties(FunctionProperties props) {
        return new ModFunction(props.requiredInt("count"));
    }

    @Override
    public int nodeCount() {
        return count;
    }

    @Override
    public int nodeOf(SqlValue value) {
        if (value instanceof SqlValue.Int v) {
            return (int) Math.abs(v.value() % count);   // equals |v| mod count, Long.MIN_VALUE included
        }
        String text = MycatValues.text(value);
        try {
            // The same parse as MyCat's: a sign, then digits (BigInteger also reads digits of other scripts).
            return new BigInteger(text).abs().mod(BigInteger.valueOf(count)).intValue();
        } catch (NumberFormatException e) {
            int node = Math.abs(text.hashCode()) % count;
            if (node < 0) {
                throw SqlValues.unplaceable(NAME, value, "its hashCode() is Integer.MIN_VALUE, for which MyCat computes"
                        + " the negative node " + node);
            }
            return node;
        }
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        // A range shorter than count touches only some nodes; any other range may touch all of them.
        if (low instanceof SqlValue.Int lo && high instanceof SqlValue.Int hi) {
            long span = hi.value() - lo.value();           // negative on overflow or an empty range
            if (span >= 0 && span < count) {
                NodeSet.Builder nodes = NodeSet.builder(tableNodes);
                for (long i = 0; i <= span; i++) {
                    nodes.add((int) Math.abs((lo.value() + i) % count));
                }
                return nodes.build();
            }
        }
        return NodeSet.all(tableNodes);
    }
}
