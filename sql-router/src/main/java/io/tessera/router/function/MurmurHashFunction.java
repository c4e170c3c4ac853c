package io.tessera.router.function;

import java.io.IOException;
import java.io.StringReader;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByMurmurHash}: consistent hashing on a ring of MurmurHash3
 * (x86, 32 bits) values, with {@code virtualBucketTimes} x weight virtual nodes per node.
 *
 * <pre>{@code
 * <function name="murmur" class="io.mycat.route.function.PartitionByMurmurHash">
 *     <property name="seed">0</property>                           <!-- default 0 -->
 *     <property name="count">2</property>                          <!-- required -->
 *     <property name="virtualBucketTimes">160</property>           <!-- default 160 -->
 *     <property name="weightMapFile">weights.properties</property> <!-- optional: node=weight lines -->
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as in MyCat 1.6.7.6 (which hashes with Guava's
 * {@code Hashing.murmur3_32(seed).hashUnencodedChars}):
 * <ul>
 *   <li>The ring holds, for node {@code i} and {@code n} from 0 to virtualBucketTimes x weight(i) - 1, the hash of
 *       MyCat's name for virtual node {@code n}. MyCat builds these names by appending to one buffer per node, so the
 *       names grow: {@code SHARD-0-NODE-0}, {@code SHARD-0-NODE-0-NODE-1}, {@code SHARD-0-NODE-0-NODE-1-NODE-2}, and
 *       so on. Tessera hashes the same names. When two virtual nodes hash alike, the one MyCat puts last (the higher
 *       node, then the later name) keeps the ring position.</li>
 *   <li>A value's text is hashed as UTF-16 code units (numbers as their digits: {@code 42} and {@code '42'} agree)
 *       and goes to the first ring position at or after its hash, in signed order, wrapping to the first position.
 *       NULL is hashed as the text {@code NULL}, as MyCat's parser hands it over.</li>
 *   <li>{@code weightMapFile} is a properties file of {@code node=weight} lines; unlisted nodes weigh 1, and, as MyCat
 *       documents, a weight below 1 counts as 1. Tessera refuses keys that are not nodes of {@code 0..count-1}
 *       (MyCat ignores them) and anything that is not an integer (MyCat fails on it too).</li>
 *   <li>{@code bucketMapPath} is accepted and ignored. MyCat 1.6.7.6 ignores it as well (the code that wrote the
 *       ring to that file is commented out), and the ring is a pure function of the other properties, so there is
 *       nothing to keep: Tessera writes no files while it reads its configuration.</li>
 * </ul>
 * MyCat has no range calculation here: a range goes to every node.
 */
final class MurmurHashFunction implements ShardingFunction {

    static final int DEFAULT_VIRTUAL_BUCKET_TIMES = 160;

    /** Ring positions in all, which bounds memory (8 bytes each) and build time. */
    static final int MAX_RING_SIZE = 10_000_000;

    private final int seed;
    private final int count;
    private final int[] ringHashes;                         // sorted, signed
    private final int[] ringNodes;

    /**
     * @param weights node index to weight; unlisted nodes weigh 1, weights below 1 count as 1
     */
    MurmurHashFunction(int seed, int count, int virtualBucketTimes, Map<Integer, Integer> weights) {
        if (count < 1) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 1)");
        }
        if (virtualBucketTimes < 1) {
            throw new IllegalArgumentException("virtualBucketTimes: " + virtualBucketTimes + " (expected: >= 1)");
        }
        long ringSize = 0;
        int[] virtualNodes = new int[count];
        for (int node = 0; node < count; node++) {
            virtualNodes[node] = Math.max(1, weights.getOrDefault(node, 1));
            ringSize += (long) virtualBucketTimes * virtualNodes[node];
        }
        for (Integer node : weights.keySet()) {
            if (node < 0 || node >= count) {
                throw new IllegalArgumentException("weight of node " + node + " (expected: a node of 0.." + (count - 1)
                        + ")");
            }
        }
        if (ringSize > MAX_RING_SIZE) {
            throw new IllegalArgumentException("virtualBucketTimes x weights: " + ringSize + " ring positions"
                    + " (expected: <= " + MAX_RING_SIZE + ")");
        }
        this.seed = seed;
        this.count = count;
        // Each position as (hash << 32 | order of insertion): sorting orders by hash, then by insertion.
        long[] positions = new long[(int) ringSize];
        int[] nodeOfInsertion = new int[(int) ringSize];
        int inserted = 0;
        for (int node = 0; node < count; node++) {
            Murmur3.Running name = new Murmur3.Running(seed).append("SHARD-").append(Integer.toString(node));
            for (int n = 0; n < virtualBucketTimes * virtualNodes[node]; n++) {
                int hash = name.append("-NODE-").append(Integer.toString(n)).hash();
                positions[inserted] = (long) hash << 32 | inserted;
                nodeOfInsertion[inserted++] = node;
            }
        }
        Arrays.sort(positions);
        int[] hashes = new int[positions.length];
        int[] nodes = new int[positions.length];
        int size = 0;
        for (int i = 0; i < positions.length; i++) {
            int hash = (int) (positions[i] >> 32);
            int node = nodeOfInsertion[(int) positions[i]];
            if (size > 0 && hashes[size - 1] == hash) {
                nodes[size - 1] = node;                     // MyCat's TreeMap.put: the later insertion wins
            } else {
                hashes[size] = hash;
                nodes[size++] = node;
            }
        }
        this.ringHashes = Arrays.copyOf(hashes, size);
        this.ringNodes = Arrays.copyOf(nodes, size);
    }

    /** Reads rule.xml properties and the weight file; {@link FunctionRegistry} adds the function's name to errors. */
    static MurmurHashFunction fromProperties(FunctionProperties props) {
        Map<Integer, Integer> weights = new HashMap<>();
        if (props.optional("weightMapFile").isPresent()) {
            Properties file = new Properties();
            try {
                file.load(new StringReader(String.join("\n", props.mapFileLines("weightMapFile"))));
            } catch (IOException | IllegalArgumentException e) {
                throw props.error("weightMapFile", e.getMessage());
            }
            for (String key : file.stringPropertyNames()) {
                try {
                    weights.put(Integer.parseInt(key.trim()), Integer.parseInt(file.getProperty(key).trim()));
                } catch (NumberFormatException e) {
                    throw props.error("weightMapFile", "line \"" + key + "=" + file.getProperty(key)
                            + "\" (expected: node=weight, both integers)");
                }
            }
        }
        return new MurmurHashFunction(props.optionalInt("seed", 0), props.requiredInt("count"),
                props.optionalInt("virtualBucketTimes", DEFAULT_VIRTUAL_BUCKET_TIMES), weights);
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return count;
    }

    @Override
    public int nodeOf(SqlValue value) {
        int hash;
        if (value instanceof SqlValue.Int v) {
            hash = Murmur3.hashChars(v.value(), seed);
        } else {
            hash = Murmur3.hashChars(MycatValues.text(value), seed);
        }
        int found = Arrays.binarySearch(ringHashes, hash);
        int position = found >= 0 ? found : -found - 1;      // the first position at or after the hash
        return ringNodes[position < ringHashes.length ? position : 0];
    }
}
