package io.tessera.router.function;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByCRC32PreSlot}: 102,400 slots, slot = CRC-32 of the value's UTF-8
 * text mod 102,400, and the slots split evenly over the table's nodes in order, the last node taking the remainder.
 *
 * <pre>{@code
 * <function name="crc32slot" class="io.mycat.route.function.PartitionByCRC32PreSlot">
 * </function>
 * }</pre>
 *
 * <p>The node count: MyCat 1.6.7.6 takes it from the table ({@code TableRuleAware}: one instance per table, whose
 * count is the number of the table's data nodes), not from rule.xml. Tessera's factory reads property {@code count},
 * which the configuration loader sets to the table's node count for each table that uses this function, building
 * one instance per table as MyCat does; a {@code count} written in rule.xml (MyCat's sample has one) is overridden.
 *
 * <p>Compatibility rules: node = slot / (102400 / count), at most count - 1, which is the slot map that MyCat writes
 * to {@code conf/ruledata/<rule>_<table>.properties} the first time. MyCat reads that file back afterwards, and its
 * migration commands may change it; Tessera always uses the even split, so a table whose slot map MyCat changed must
 * not be moved to Tessera as it is. Numbers are hashed as their digits ({@code 42} and {@code '42'} agree), text as
 * it is, and NULL as the text {@code NULL}, as MyCat's parser hands it over. MyCat has no range calculation here:
 * a range goes to every node.
 */
record Crc32SlotFunction(int count) implements ShardingFunction {

    static final int SLOTS = 102_400;

    Crc32SlotFunction {
        if (count < 1 || count > SLOTS) {
            throw new IllegalArgumentException("count: " + count + " (expected: 1.." + SLOTS + ")");
        }
    }

    /**
     * Reads property {@code count}, which the configuration loader sets to the table's number of data nodes;
     * {@link FunctionRegistry} adds the function's name to any error.
     */
    static Crc32SlotFunction fromProperties(FunctionProperties props) {
        return new Crc32SlotFunction(props.requiredInt("count"));
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
        long crc;
        if (value instanceof SqlValue.Int v) {
            crc = Crc32.of(v.value());
        } else {
            crc = Crc32.of(MycatValues.text(value));
        }
        return slotNode((int) (crc % SLOTS));
    }

    int slotNode(int slot) {
        return Math.min(slot / (SLOTS / count), count - 1);
    }
}
