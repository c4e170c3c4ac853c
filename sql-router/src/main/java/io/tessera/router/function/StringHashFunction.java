package io.tessera.router.function;

import java.util.Arrays;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByString}: hashes a slice of the value's text and places the hash
 * on a ring of 1024 slots cut into partitions.
 *
 * <pre>{@code
 * <function name="sharding-by-string" class="io.mycat.route.function.PartitionByString">
 *     <property name="partitionCount">2,1</property>     <!-- 2 partitions of 256 slots, then 1 of 512 -->
 *     <property name="partitionLength">256,512</property>
 *     <property name="hashSlice">0:8</property>          <!-- the default: the first 8 characters -->
 * </function>
 * }</pre>
 *
 * <p>The hash is {@code h = 31 * h + c} over the slice's UTF-16 chars, in a {@code long}; the slot is
 * {@code hash & 1023} (which is also the slice's {@code String.hashCode() & 1023}). A slice {@code start:end} counts a
 * negative start from the end of the text, and an end of 0 or below from the end too ({@code 0} is the whole text,
 * {@code -1} all but the last char); a bare number {@code n} means {@code 0:n}, and a bare {@code -n} means
 * {@code -n:0}. MyCat's alias {@code hashLength} (a bare number) is accepted too.
 *
 * <p>MyCat quirks kept: a slice outside the text is cut to the text, and an empty slice (an empty string, a text
 * shorter than the slice start, the slice {@code 5:2}) hashes to 0, slot 0; the bare slice {@code 0} hashes the whole
 * text, not an empty prefix. An inserted NULL is placed by the text {@code NULL}, as MyCat's insert parser passes it.
 * MyCat has no range calculation for this function: a range goes to every node.
 */
final class StringHashFunction implements ShardingFunction {

    private static final int SLOTS = 1024;

    private final int sliceStart;
    private final int sliceEnd;
    private final int[] slotNodes;
    private final int nodeCount;

    /**
     * @param counts how many partitions each group has
     * @param lengths how many ring slots each partition of the matching group covers; the total must be 1024
     * @param sliceStart the slice start; below 0 counts from the end of the text
     * @param sliceEnd the slice end, exclusive; 0 or below counts from the end of the text
     */
    StringHashFunction(int[] counts, int[] lengths, int sliceStart, int sliceEnd) {
        if (counts.length == 0 || counts.length != lengths.length) {
            throw new IllegalArgumentException("partitionCount: " + Arrays.toString(counts) + ", partitionLength: "
                    + Arrays.toString(lengths) + " (expected: non-empty lists of the same length)");
        }
        int nodes = 0;
        long slots = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 1 || counts[i] > SLOTS) {
                throw new IllegalArgumentException(
                        "partitionCount: " + Arrays.toString(counts) + " (expected: each 1.." + SLOTS + ")");
            }
            if (lengths[i] < 1 || lengths[i] > SLOTS) {
                throw new IllegalArgumentException(
                        "partitionLength: " + Arrays.toString(lengths) + " (expected: each 1.." + SLOTS + ")");
            }
            nodes += counts[i];
            slots += (long) counts[i] * lengths[i];
        }
        if (slots != SLOTS) {
            throw new IllegalArgumentException("partitionCount: " + Arrays.toString(counts) + ", partitionLength: "
                    + Arrays.toString(lengths) + " cover " + slots + " slots (expected: the sum of count x length = "
                    + SLOTS + ")");
        }
        this.slotNodes = new int[SLOTS];
        int slot = 0;
        int node = 0;
        for (int i = 0; i < counts.length; i++) {
            for (int j = 0; j < counts[i]; j++, node++) {
                Arrays.fill(slotNodes, slot, slot + lengths[i], node);
                slot += lengths[i];
            }
        }
        this.nodeCount = nodes;
        this.sliceStart = sliceStart;
        this.sliceEnd = sliceEnd;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static StringHashFunction fromProperties(FunctionProperties props) {
        int[] counts = intList(props, "partitionCount");
        int[] lengths = intList(props, "partitionLength");
        if (props.optional("hashSlice").isPresent() && props.optional("hashLength").isPresent()) {
            throw props.error("hashSlice, hashLength: both set (expected: one of them)");
        }
        String name = props.optional("hashLength").isPresent() ? "hashLength" : "hashSlice";
        int[] slice = slice(props, name, props.optional(name).orElse("0:8"));
        return new StringHashFunction(counts, lengths, slice[0], slice[1]);
    }

    private static int[] intList(FunctionProperties props, String name) {
        String value = props.required(name);
        String[] items = value.split(",", -1);
        int[] ints = new int[items.length];
        for (int i = 0; i < items.length; i++) {
            try {
                ints[i] = Integer.parseInt(items[i].trim());
            } catch (NumberFormatException e) {
                throw props.error(name, "\"" + value + "\" (expected: integers separated by commas)");
            }
        }
        return ints;
    }

    /** MyCat's slice syntax: {@code n}, {@code -n}, {@code start:end}, either side of the colon may be empty (0). */
    private static int[] slice(FunctionProperties props, String name, String value) {
        try {
            int colon = value.indexOf(':');
            if (colon < 0) {
                int n = Integer.parseInt(value.trim());
                return n >= 0 ? new int[] {0, n} : new int[] {n, 0};
            }
            String start = value.substring(0, colon).trim();
            String end = value.substring(colon + 1).trim();
            return new int[] {start.isEmpty() ? 0 : Integer.parseInt(start), end.isEmpty() ? 0 : Integer.parseInt(end)};
        } catch (NumberFormatException e) {
            throw props.error(name, "\"" + value + "\" (expected: start:end such as 0:8, -2:0 or :)");
        }
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
        int start = Math.max(sliceStart >= 0 ? sliceStart : length + sliceStart, 0);
        int end = Math.min(sliceEnd > 0 ? sliceEnd : length + sliceEnd, length);
        long hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + MycatValues.charAt(text, number, length, i);
        }
        return slotNodes[(int) (hash & (SLOTS - 1))];
    }

    @Override
    public String toString() {
        return "PartitionByString[nodes=" + nodeCount + ", slice=" + sliceStart + ":" + sliceEnd + "]";
    }
}
