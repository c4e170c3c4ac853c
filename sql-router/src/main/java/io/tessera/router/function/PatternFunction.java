package io.tessera.router.function;

import java.util.BitSet;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByPattern}: a number goes by {@code value mod patternValue} through
 * a map file of ranges; anything else goes to {@code defaultNode}.
 *
 * <pre>{@code
 * <function name="sharding-by-pattern" class="io.mycat.route.function.PartitionByPattern">
 *     <property name="patternValue">256</property>            <!-- default 1024 -->
 *     <property name="defaultNode">2</property>               <!-- default 0 -->
 *     <property name="mapFile">partition-pattern.txt</property>  <!-- lines like 1-32=0 -->
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as in MyCat 1.6.7.6:
 * <ul>
 *   <li>A value whose text is only ASCII digits is a number: it goes to the first map line, in file order, whose
 *       range holds {@code value mod patternValue}; when none does, it cannot be placed (the default node is not used
 *       for numbers). A run of digits beyond a long, and the empty text, cannot be placed either.</li>
 *   <li>Any other value goes to {@code defaultNode}: text with letters, but also negative numbers ({@code -5}),
 *       {@code '+5'} and {@code ' 5'}, and NULL, which MyCat's parser hands over as the text {@code NULL}.</li>
 *   <li>Map lines are {@code start-end=node} with plain numbers: no {@code K} or {@code M} units here. MyCat skips any
 *       line it cannot read; Tessera refuses it.</li>
 *   <li>{@link #nodeCount()} is the number of distinct nodes in the map file, not counting {@code defaultNode}.</li>
 * </ul>
 * MyCat has no range calculation here: a range goes to every node.
 */
final class PatternFunction implements ShardingFunction {

    static final int DEFAULT_PATTERN_VALUE = 1024;

    private static final String NAME = "PartitionByPattern";

    private final int patternValue;
    private final RangeMap ranges;
    private final int defaultNode;
    private final int partitions;

    PatternFunction(int patternValue, RangeMap ranges, int defaultNode) {
        if (patternValue < 1) {
            throw new IllegalArgumentException("patternValue: " + patternValue + " (expected: >= 1)");
        }
        if (defaultNode < 0) {
            throw new IllegalArgumentException("defaultNode: " + defaultNode + " (expected: >= 0)");
        }
        BitSet nodes = new BitSet();
        for (int i = 0; i < ranges.size(); i++) {
            if (ranges.value(i) < 0) {
                throw new IllegalArgumentException("node: " + ranges.value(i) + " of range " + ranges.start(i) + "-"
                        + ranges.end(i) + " (expected: >= 0)");
            }
            nodes.set(ranges.value(i));
        }
        this.patternValue = patternValue;
        this.ranges = ranges;
        this.defaultNode = defaultNode;
        this.partitions = nodes.cardinality();
    }

    /** Reads rule.xml properties and the map file; {@link FunctionRegistry} adds the function's name to any error. */
    static PatternFunction fromProperties(FunctionProperties props) {
        return new PatternFunction(props.optionalInt("patternValue", DEFAULT_PATTERN_VALUE),
                RangeMap.read(props, "mapFile", false, "node"), props.optionalInt("defaultNode", 0));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return partitions;
    }

    @Override
    public int nodeOf(SqlValue value) {
        long number;
        if (value instanceof SqlValue.Int v) {
            if (v.value() < 0) {
                return defaultNode;                         // "-5" is not all digits
            }
            number = v.value();
        } else if (isDigits(MycatValues.text(value))) {
            number = SqlValues.longValue(value, NAME);      // fails on "" and on digits beyond a long, as MyCat does
        } else {
            return defaultNode;
        }
        int range = ranges.indexOf(number % patternValue);
        if (range < 0) {
            throw SqlValues.unplaceable(NAME, value, "no range of the map file holds " + number + " mod "
                    + patternValue + " = " + number % patternValue);
        }
        return ranges.value(range);
    }

    /** MyCat's test: the text matches {@code [0-9]*}, which the empty text does too. */
    private static boolean isDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
