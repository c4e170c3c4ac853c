package io.tessera.router.function;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByMonthAndHistory}: in MyCat 1.6.7 the same month partitions as
 * {@link MonthFunction} (one per calendar month from {@code sBeginDate}, round the cycle up to {@code sEndDate}'s
 * month when there is an end date), with two differences MyCat has and Tessera keeps: {@code sBeginDate} and
 * {@code dateFormat} are required (no month-of-year mode, no default pattern), and the function reports no node
 * count, even with an end date, so MyCat never checks it against the table's nodes and neither does Tessera.
 *
 * <pre>{@code
 * <function name="partbymonth-history" class="io.mycat.route.function.PartitionByMonthAndHistory">
 *     <property name="dateFormat">yyyy-MM-dd</property>
 *     <property name="sBeginDate">2015-01-01</property>
 *     <property name="sEndDate">2015-12-01</property>  <!-- optional -->
 * </function>
 * }</pre>
 *
 * <p>Quirks, ranges and deliberate differences are those of {@link MonthFunction}: without an end date MyCat sends
 * every range to node 0, Tessera to the months the range covers.
 */
final class MonthAndHistoryFunction implements ShardingFunction {

    private static final String NAME = "PartitionByMonthAndHistory";

    private final MonthCycle months;

    MonthAndHistoryFunction(MonthCycle months) {
        this.months = months;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static MonthAndHistoryFunction fromProperties(FunctionProperties props) {
        return new MonthAndHistoryFunction(MonthCycle.of(DatePattern.fromProperties(props, null),
                props.required("sBeginDate"), props.optional("sEndDate").orElse(null)));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return -1;
    }

    @Override
    public int nodeOf(SqlValue value) {
        return months.nodeOf(value, NAME);
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        return months.nodesOf(low, high, tableNodes);
    }

    @Override
    public String toString() {
        return "PartitionByMonthAndHistory[" + months + "]";
    }
}
