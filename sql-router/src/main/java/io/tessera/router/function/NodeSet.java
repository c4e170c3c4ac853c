package io.tessera.router.function;

import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntConsumer;

/** An immutable set of data node indexes below {@link #size()}, the table's node count. */
public final class NodeSet {

    private final int size;
    private final BitSet nodes;

    private NodeSet(int size, BitSet nodes) {
        this.size = size;
        this.nodes = nodes;
    }

    /** Every node of a table with {@code size} nodes: a value or range that may be anywhere. */
    public static NodeSet all(int size) {
        BitSet bits = new BitSet(size);
        bits.set(0, size);
        return new NodeSet(size, bits);
    }

    public static NodeSet of(int size, int... indexes) {
        Builder b = builder(size);
        for (int i : indexes) {
            b.add(i);
        }
        return b.build();
    }

    public static Builder builder(int size) {
        return new Builder(size);
    }

    public int size() {
        return size;
    }

    public boolean contains(int index) {
        return nodes.get(index);
    }

    public int count() {
        return nodes.cardinality();
    }

    public boolean isAll() {
        return count() == size;
    }

    public void forEach(IntConsumer action) {
        nodes.stream().forEach(action);
    }

    public int[] toArray() {
        return nodes.stream().toArray();
    }

    public NodeSet union(NodeSet other) {
        BitSet bits = (BitSet) nodes.clone();
        bits.or(other.nodes);
        return new NodeSet(Math.max(size, other.size), bits);
    }

    public NodeSet intersect(NodeSet other) {
        BitSet bits = (BitSet) nodes.clone();
        bits.and(other.nodes);
        return new NodeSet(Math.max(size, other.size), bits);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeSet other && other.size == size && other.nodes.equals(nodes);
    }

    @Override
    public int hashCode() {
        return 31 * size + nodes.hashCode();
    }

    @Override
    public String toString() {
        return Arrays.toString(toArray());
    }

    /** Collects indexes; each must be below the size. */
    public static final class Builder {

        private final int size;
        private final BitSet bits;

        private Builder(int size) {
            if (size < 1) {
                throw new IllegalArgumentException("size: " + size + " (expected: >= 1)");
            }
            this.size = size;
            this.bits = new BitSet(size);
        }

        public Builder add(int index) {
            if (index < 0 || index >= size) {
                throw new IllegalArgumentException("index: " + index + " (expected: 0.." + (size - 1) + ")");
            }
            bits.set(index);
            return this;
        }

        public NodeSet build() {
            return new NodeSet(size, (BitSet) bits.clone());
        }
    }
}
