package io.tessera.router.function;

import java.util.stream.IntStream;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByPrefixPattern}: sums the char codes of the value's first
 * {@code prefixLength} chars, takes the sum modulo {@code patternValue}, and looks it up in the map file's ranges.
 *
 * <pre>{@code
 * <function name="sharding-by-prefix" class="io.mycat.route.function.PartitionByPrefixPattern">
 *     <property name="patternValue">36</property>  <!-- default 1024 -->
 *     <property name="prefixLength">5</property>   <!-- default 0 -->
 *     <property name="mapFile">partition-prefix-pattern.txt</property>
 * </function>
 * }</pre>
 *
 * <p>Map file lines are {@code start-end=node}, both ends inclusive, tried in file order, the first match winning;
 * numbers may use MyCat's suffixes {@code K} (times 1,000) and {@code M} (times 10,000, not a million), with an
 * optional remainder: {@code 2M1} is 20,001. Lines starting with {@code #} or {@code //}, and blank lines, are skipped.
 * The node count is the number of distinct nodes the file names.
 *
 * <p>MyCat quirks kept: a text shorter than the prefix sums what it has (an empty string sums to 0, so it goes where 0
 * goes, as does every value when {@code prefixLength} is 0); the sum is an {@code int} of UTF-16 char codes; an
 * inserted NULL is placed by the text {@code NULL}. A value whose sum is in no range cannot be placed (MyCat: "can't
 * find any valid datanode"). MyCat has no range calculation for this function: a range goes to every node.
 *
 * <p>Deliberate differences: MyCat skips a map line without {@code =} with a warning, reads only the first two parts
 * of {@code 1-2-3=0}, and keeps a range whose start is above its end although it can never match; Tessera rejects
 * such a file, naming the line ({@link RangeMap}), and rejects a negative node, a {@code patternValue} below 1 (MyCat
 * divides by zero on every value) and a negative {@code prefixLength}.
 */
final class PrefixPatternFunction implements ShardingFunction {

    private static final String NAME = "PartitionByPrefixPattern";

    private final int patternValue;
    private final int prefixLength;
    private final RangeMap ranges;
    private final int nodeCount;

    PrefixPatternFunction(int patternValue, int prefixLength, RangeMap ranges) {
        if (patternValue < 1) {
            throw new IllegalArgumentException("patternValue: " + patternValue + " (expected: >= 1)");
        }
        if (prefixLength < 0) {
            throw new IllegalArgumentException("prefixLength: " + prefixLength + " (expected: >= 0)");
        }
        for (int range = 0; range < ranges.size(); range++) {
            if (ranges.value(range) < 0) {
                throw new IllegalArgumentException("mapFile: " + ranges.start(range) + "-" + ranges.end(range) + "="
                        + ranges.value(range) + " (expected: a node >= 0)");
            }
        }
        this.patternValue = patternValue;
        this.prefixLength = prefixLength;
        this.ranges = ranges;
        this.nodeCount = (int) IntStream.range(0, ranges.size()).map(ranges::value).distinct().count();
    }

    /** Reads rule.xml properties and the map file; {@link FunctionRegistry} adds the function's name to any error. */
    static PrefixPatternFunction fromProperties(FunctionProperties props) {
        return new PrefixPatternFunction(props.optionalInt("patternValue", 1024), props.optionalInt("prefixLength", 0),
                RangeMap.read(props, "mapFile", true, "node"));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return nodeCount;
    }

    @Override
    public int nodeOf(SqlValue value) {
        // An integer's digits are read in place: the common long path builds no string.
        String text = value instanceof SqlValue.Int ? null : MycatValues.text(value);
        long number = value instanceof SqlValue.Int i ? i.value() : 0;
        int length = text != null ? text.length() : DecimalText.length(number);
        int sum = 0;
        for (int i = 0; i < Math.min(length, prefixLength); i++) {
            sum += MycatValues.charAt(text, number, length, i);
        }
        long hash = sum % patternValue;
        int range = ranges.indexOf(hash);
        if (range < 0) {
            throw SqlValues.unplaceable(NAME, value, "prefix sum " + sum + " mod " + patternValue + " = " + hash
                    + " (expected: in a range of the map file)");
        }
        return ranges.value(range);
    }

    @Override
    public String toString() {
        return "PartitionByPrefixPattern[patternValue=" + patternValue + ", prefixLength=" + prefixLength
                + ", ranges=" + ranges.size() + "]";
    }
}
