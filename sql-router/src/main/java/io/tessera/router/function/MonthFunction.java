package io.tessera.router.function;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByMonth}: one partition per calendar month from {@code sBeginDate};
 * with {@code sEndDate}, the months from the begin month to the end month form a cycle that later and earlier months
 * go round. With neither date, the node is the month of the year (January on node 0, 12 nodes).
 *
 * <pre>{@code
 * <function name="partbymonth" class="io.mycat.route.function.PartitionByMonth">
 *     <property name="dateFormat">yyyy-MM-dd</property>  <!-- the default -->
 *     <property name="sBeginDate">2015-01-01</property>
 *     <property name="sEndDate">2015-12-01</property>    <!-- optional: a cycle of 12 months -->
 * </function>
 * }</pre>
 *
 * <p>The month of a date is its {@link java.util.Calendar} month in the zone {@link DatePattern} describes (the JVM's
 * unless {@code timeZone} says otherwise), so a date just after midnight on the first of a month belongs to a
 * different month in a zone further west. The node count is the cycle's length, 12 without dates, and none (-1) with
 * a begin date only; then the index grows without end and the router checks it against the table.
 *
 * <p>MyCat quirks kept: see {@link MonthCycle} for the rotation of months before the begin date; without an end date
 * a date before the begin month goes to the first node, as MyCat 1.6.7.6 places it (its partition would be negative);
 * the era is ignored, so 1 BC counts as year 1; an inserted NULL is read as the text {@code NULL}, which is no date.
 *
 * <p>Ranges: the months from the low date's to the high date's, round the cycle (without an end date, the months
 * before the begin month are the first node's); an unreadable or empty range goes to every node, as in MyCat.
 * Deliberate difference: with a begin date and no end date MyCat sends every range to node 0 (its rotation divides
 * by the count -1); Tessera sends it to the months the range covers. Partitions that name no
 * node of the table are left out (MyCat refuses the statement instead). An {@code sEndDate} without
 * {@code sBeginDate}, which MyCat fails on with a NullPointerException, is rejected with a message.
 */
final class MonthFunction implements ShardingFunction {

    private static final String NAME = "PartitionByMonth";

    private final MonthCycle months;

    MonthFunction(MonthCycle months) {
        this.months = months;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static MonthFunction fromProperties(FunctionProperties props) {
        DatePattern format = DatePattern.fromProperties(props, "yyyy-MM-dd");
        String begin = props.optional("sBeginDate").orElse(null);
        String end = props.optional("sEndDate").orElse(null);
        if (begin == null && end == null) {
            return new MonthFunction(MonthCycle.monthOfYear(format));
        }
        if (begin == null) {
            throw props.error("sBeginDate", "missing (expected: a date when sEndDate is set)");
        }
        return new MonthFunction(MonthCycle.of(format, begin, end).earlyMonthsOnFirstNode());
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return months.count();
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
        return "PartitionByMonth[" + months + "]";
    }
}
