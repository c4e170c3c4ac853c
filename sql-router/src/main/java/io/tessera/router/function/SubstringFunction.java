package io.tessera.router.function;

/**
 * MyCat's {@code io.mycat.route.function.PartitionDirectBySubString}: the node index is written in the value itself,
 * as the decimal number in chars {@code startIndex} to {@code startIndex + size - 1} (zero-based).
 *
 * <pre>{@code
 * <function name="sub-string" class="io.mycat.route.function.PartitionDirectBySubString">
 *     <property name="startIndex">9</property>       <!-- default 0 -->
 *     <property name="size">2</property>
 *     <property name="partitionCount">8</property>   <!-- default 0: no limit -->
 *     <property name="defaultPartition">0</property> <!-- default 0 -->
 * </function>
 * }</pre>
 *
 * <p>With {@code partitionCount} above 0, a number at or beyond it goes to {@code defaultPartition}; with 0 (MyCat's
 * default) the number is the node index whatever it is, and the function reports no node count.
 *
 * <p>MyCat quirks kept: the number is read by {@code Integer.parseInt}, so {@code +7} is 7 and {@code 07} is 7; a value
 * too short for the substring, a substring that is not a number, and a negative number cannot be placed (MyCat fails on
 * them too); an inserted NULL is read as the text {@code NULL}, which holds no number. MyCat has no range calculation
 * for this function: a range goes to every node.
 *
 * <p>Deliberate differences: a {@code size} below 1 (MyCat's default is 0, which fails on every value), a negative
 * {@code startIndex} or {@code partitionCount}, and a {@code defaultPartition} outside {@code 0..partitionCount-1} are
 * rejected when rule.xml is loaded instead of failing on every statement that reaches them.
 */
final class SubstringFunction implements ShardingFunction {

    private static final String NAME = "PartitionDirectBySubString";

    private final int startIndex;
    private final int size;
    private final int partitionCount;
    private final int defaultPartition;

    SubstringFunction(int startIndex, int size, int partitionCount, int defaultPartition) {
        if (startIndex < 0) {
            throw new IllegalArgumentException("startIndex: " + startIndex + " (expected: >= 0)");
        }
        if (size < 1 || size > Integer.MAX_VALUE - startIndex) {
            throw new IllegalArgumentException(
                    "size: " + size + " (expected: 1.." + (Integer.MAX_VALUE - startIndex) + ")");
        }
        if (partitionCount < 0) {
            throw new IllegalArgumentException(
                    "partitionCount: " + partitionCount + " (expected: >= 0, 0 for no limit)");
        }
        if (defaultPartition < 0 || partitionCount > 0 && defaultPartition >= partitionCount) {
            throw new IllegalArgumentException("defaultPartition: " + defaultPartition + " (expected: "
                    + (partitionCount > 0 ? "0.." + (partitionCount - 1) : ">= 0") + ")");
        }
        this.startIndex = startIndex;
        this.size = size;
        this.partitionCount = partitionCount;
        this.defaultPartition = defaultPartition;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static SubstringFunction fromProperties(FunctionProperties props) {
        return new SubstringFunction(props.optionalInt("startIndex", 0), props.requiredInt("size"),
                props.optionalInt("partitionCount", 0), props.optionalInt("defaultPartition", 0));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return partitionCount > 0 ? partitionCount : -1;
    }

    @Override
    public int nodeOf(SqlValue value) {
        int partition = value instanceof SqlValue.Int i ? parseDigits(i.value(), value) : parseText(value);
        return MycatValues.requireNode(partitionCount > 0 && partition >= partitionCount ? defaultPartition : partition,
                NAME, value);
    }

    private int parseText(SqlValue value) {
        String text = MycatValues.text(value);
        int end = startIndex + size;
        if (text.length() < end) {
            throw tooShort(text.length(), value);
        }
        String digits = text.substring(startIndex, end);
        try {
            return Integer.parseInt(digits, 10);
        } catch (NumberFormatException e) {
            throw notANumber(digits, value);
        }
    }

    /**
     * {@code Integer.parseInt} of the substring of {@code Long.toString(number)}, read in place so that the common long
     * path builds no string: that text holds ASCII digits and at most a leading minus.
     */
    private int parseDigits(long number, SqlValue value) {
        int length = DecimalText.length(number);
        int end = startIndex + size;
        if (length < end) {
            throw tooShort(length, value);
        }
        int i = startIndex;
        boolean negative = DecimalText.charAt(number, length, i) == '-';
        if (negative) {
            i++;
        }
        long magnitude = 0;
        for (; i < end && magnitude <= Integer.MAX_VALUE + 1L; i++) {
            magnitude = magnitude * 10 + DecimalText.charAt(number, length, i) - '0';
        }
        long partition = negative ? -magnitude : magnitude;
        if (i == startIndex + 1 && negative || partition < Integer.MIN_VALUE || partition > Integer.MAX_VALUE) {
            throw notANumber(Long.toString(number).substring(startIndex, end), value);
        }
        return (int) partition;
    }

    private UnplaceableValueException tooShort(int length, SqlValue value) {
        return SqlValues.unplaceable(NAME, value,
                length + " chars (expected: at least startIndex + size = " + (startIndex + size) + ")");
    }

    private UnplaceableValueException notANumber(String digits, SqlValue value) {
        return SqlValues.unplaceable(NAME, value, "\"" + digits + "\" at " + startIndex
                + " (expected: a partition number)");
    }

    @Override
    public String toString() {
        return "PartitionDirectBySubString[startIndex=" + startIndex + ", size=" + size + ", partitionCount="
                + partitionCount + ", defaultPartition=" + defaultPartition + "]";
    }
}
