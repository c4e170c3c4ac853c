package io.tessera.router.function;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByFileMap} ("sharding by enum"): a map file of values, one node
 * each.
 *
 * <pre>{@code
 * <function name="hash-int" class="io.mycat.route.function.PartitionByFileMap">
 *     <property name="mapFile">partition-hash-int.txt</property>   <!-- lines like 10000=0 -->
 *     <property name="type">0</property>                          <!-- 0: integer keys (default), 1: text keys -->
 *     <property name="defaultNode">0</property>                   <!-- optional -->
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as in MyCat 1.6.7.6:
 * <ul>
 *   <li>Map lines are {@code key=node}; key and node are trimmed. Blank lines and lines starting with {@code #} or
 *       {@code //} are comments. MyCat skips any other line it cannot read; Tessera refuses it, and refuses a key
 *       given twice (MyCat keeps the last).</li>
 *   <li>With {@code type} 0 the value is read as MyCat's {@code Integer.valueOf} reads it, so {@code '010'} finds key
 *       10; a value that is not an integer in the range of an {@code int} cannot be placed, even with a default
 *       node.</li>
 *   <li>With {@code type} 1 the value's text must equal the key exactly (no trimming, case counts). A line
 *       {@code DEFAULT_NODE=n} sets the default node, unless the {@code defaultNode} property sets it. With
 *       {@code type} 0 MyCat ignores such a line, and Tessera refuses it.</li>
 *   <li>NULL is looked up as the text {@code NULL}, which is how MyCat's parser hands it over.</li>
 *   <li>A value that no key matches goes to the default node, else it cannot be placed.</li>
 *   <li>{@link #nodeCount()} is the number of distinct nodes of the keys and the default node.</li>
 * </ul>
 * MyCat has no range calculation here: a range goes to every node.
 */
final class FileMapFunction implements ShardingFunction {

    /** The key of the default node in a map file with text keys. */
    static final String DEFAULT_NODE = "DEFAULT_NODE";

    private static final String NAME = "PartitionByFileMap";

    private final boolean textTyped;
    private final int[] intKeys;                            // type 0: sorted
    private final int[] intKeyNodes;
    private final Map<String, Integer> textKeys;            // type 1
    private final int defaultNode;
    private final int partitions;

    /**
     * @param type        0 for integer keys, 1 for text keys
     * @param keys        the map file's keys and nodes
     * @param defaultNode the node of values that no key matches, or -1 for none
     */
    FileMapFunction(int type, Map<String, Integer> keys, int defaultNode) {
        if (type != 0 && type != 1) {
            throw new IllegalArgumentException("type: " + type + " (expected: 0 for integer keys or 1 for text keys)");
        }
        if (defaultNode < -1) {
            throw new IllegalArgumentException("defaultNode: " + defaultNode + " (expected: >= 0, or -1 for none)");
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("keys: {} (expected: at least one key=node line)");
        }
        keys.forEach((key, node) -> {
            if (node < 0) {
                throw new IllegalArgumentException("node: " + node + " of key " + key + " (expected: >= 0)");
            }
        });
        textTyped = type == 1;
        Map<String, Integer> text = new HashMap<>(textTyped ? keys : Map.of());
        if (textTyped && defaultNode >= 0) {
            text.put(DEFAULT_NODE, defaultNode);            // as MyCat: the property wins over the file's line
        }
        this.defaultNode = textTyped ? text.getOrDefault(DEFAULT_NODE, -1) : defaultNode;
        this.textKeys = Map.copyOf(text);
        int[][] pairs = textTyped ? new int[0][] : sortedIntKeys(keys);
        intKeys = new int[pairs.length];
        intKeyNodes = new int[pairs.length];
        BitSet nodes = new BitSet();
        for (int k = 0; k < pairs.length; k++) {
            if (k > 0 && pairs[k][0] == pairs[k - 1][0]) {
                throw new IllegalArgumentException("key: " + pairs[k][0] + " (expected: each key once)");
            }
            intKeys[k] = pairs[k][0];
            intKeyNodes[k] = pairs[k][1];
            nodes.set(pairs[k][1]);
        }
        textKeys.values().forEach(nodes::set);
        if (this.defaultNode >= 0) {
            nodes.set(this.defaultNode);
        }
        this.partitions = nodes.cardinality();
    }

    /** The keys as integers with their nodes, sorted by key. */
    private static int[][] sortedIntKeys(Map<String, Integer> keys) {
        int[][] pairs = new int[keys.size()][];
        int i = 0;
        for (Map.Entry<String, Integer> entry : keys.entrySet()) {
            try {
                pairs[i++] = new int[] {Integer.parseInt(entry.getKey()), entry.getValue()};
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("key: \"" + entry.getKey() + "\" (expected: an integer, as type"
                        + " is 0" + (DEFAULT_NODE.equals(entry.getKey()) ? "; set property defaultNode instead" : "")
                        + ")");
            }
        }
        Arrays.sort(pairs, (a, b) -> Integer.compare(a[0], b[0]));
        return pairs;
    }

    /** Reads rule.xml properties and the map file; {@link FunctionRegistry} adds the function's name to any error. */
    static FileMapFunction fromProperties(FunctionProperties props) {
        Map<String, Integer> keys = new HashMap<>();
        for (String line : props.mapFileLines("mapFile")) {
            int equals = line.indexOf('=');
            int node;
            try {
                node = equals < 0 ? -1 : Integer.parseInt(line.substring(equals + 1).trim());
            } catch (NumberFormatException e) {
                node = -1;
            }
            if (node < 0) {
                throw props.error("mapFile", "line \"" + line + "\" (expected: key=node, node >= 0)");
            }
            String key = line.substring(0, equals).trim();
            if (keys.put(key, node) != null) {
                throw props.error("mapFile", "line \"" + line + "\": key " + key + " given twice (expected: once)");
            }
        }
        return new FileMapFunction(props.optionalInt("type", 0), keys, props.optionalInt("defaultNode", -1));
    }

    @Override
    public boolean readsText() {
        return textTyped;
    }

    @Override
    public int nodeCount() {
        return partitions;
    }

    @Override
    public int nodeOf(SqlValue value) {
        return textTyped ? textKeyNode(value) : intKeyNode(value);
    }

    private int intKeyNode(SqlValue value) {
        int key;
        if (value instanceof SqlValue.Int v && v.value() == (int) v.value()) {
            key = (int) v.value();
        } else if (!(value instanceof SqlValue.Int) && isInt(MycatValues.text(value))) {
            key = Integer.parseInt(MycatValues.text(value));
        } else {
            throw SqlValues.unplaceable(NAME, value, "the map file has integer keys (type 0) and this is not an"
                    + " integer in the range of a Java int");
        }
        int found = Arrays.binarySearch(intKeys, key);
        return found >= 0 ? intKeyNodes[found] : orDefault(value);
    }

    private static boolean isInt(String text) {
        try {
            Integer.parseInt(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private int textKeyNode(SqlValue value) {
        Integer node = textKeys.get(MycatValues.text(value));
        return node != null ? node : orDefault(value);
    }

    private int orDefault(SqlValue value) {
        if (defaultNode < 0) {
            throw SqlValues.unplaceable(NAME, value, "no key of the map file matches it and there is no default node");
        }
        return defaultNode;
    }
}
