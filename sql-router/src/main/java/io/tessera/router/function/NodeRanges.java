package io.tessera.router.function;

import java.util.BitSet;

/**
 * Range answers for the functions whose MyCat {@code calculateRange} is a sequence of node indexes
 * ({@code AbstractPartitionAlgorithm.calculateSequenceRange} and its kin): MyCat's answer is kept whenever it holds
 * every node that can store a value of the range; where MyCat's shortcut misses such a node (a range that wraps, a
 * map file whose nodes do not grow with the values, a default node between them), the answer is every node, so that
 * no stored row is ever missed.
 */
final class NodeRanges {

    private NodeRanges() {
    }

    /**
     * @param mycat MyCat's answer, or {@code null} where MyCat answers every node
     * @param exact the nodes that can hold a value of the range
     */
    static NodeSet choose(BitSet mycat, BitSet exact, int tableNodes, String function) {
        if (mycat == null) {
            return NodeSet.all(tableNodes);
        }
        BitSet missed = (BitSet) exact.clone();
        missed.andNot(mycat);
        if (!missed.isEmpty()) {
            return NodeSet.all(tableNodes);
        }
        return toNodeSet(mycat, tableNodes, function);
    }

    /** Nodes {@code first} to {@code last}, or an empty set when {@code last < first}. */
    static BitSet sequence(int first, int last) {
        BitSet bits = new BitSet();
        if (last >= first) {
            bits.set(first, last + 1);
        }
        return bits;
    }

    static NodeSet toNodeSet(BitSet nodes, int tableNodes, String function) {
        if (nodes.length() > tableNodes) {
            throw new UnplaceableValueException(function + " maps a value to node index " + (nodes.length() - 1)
                    + ", but the table has " + tableNodes + " data nodes");
        }
        NodeSet.Builder builder = NodeSet.builder(tableNodes);
        nodes.stream().forEach(builder::add);
        return builder.build();
    }
}
