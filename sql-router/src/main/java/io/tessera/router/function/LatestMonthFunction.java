package io.tessera.router.function;

/**
 * MyCat's {@code io.mycat.route.function.LatestMonthPartion} (sic): the latest month's data, each day cut into
 * {@code splitOneDay} slices. The value is read as text ending in {@code DDHH} (day of month, hour), typically an
 * integer column holding {@code yyyyMMddHH}: node = {@code (DD - 1) * splitOneDay + HH / (24 / splitOneDay)}.
 *
 * <pre>{@code
 * <function name="latestMonth" class="io.mycat.route.function.LatestMonthPartion">
 *     <property name="splitOneDay">24</property>
 * </function>
 * }</pre>
 *
 * <p>MyCat quirks kept: only the last four chars are read, each pair by {@code Integer.parseInt} (so nothing checks the
 * day or hour: hour 99 is accepted); a {@code splitOneDay} that does not divide 24 makes a day's last slice share its
 * index with the next day's first (5 slices of 4 hours give hour 20 index 5 = day 2, hour 0); the function reports no
 * node count (MyCat's {@code getPartitionNum} is -1), so the router checks each index against the table. A text
 * shorter than four chars, a pair that is not a number and a negative index cannot be placed; an inserted NULL is
 * read as the text {@code NULL}.
 *
 * <p>Ranges: MyCat routes {@code BETWEEN a AND b} to the indexes from a's to b's, or to every node when b's is lower.
 * That misses rows when the range crosses a month (2015013123 to 2015020200) or when values between the bounds carry
 * hours the bounds do not. Tessera answers with every index a value in the range can have: for two integers of the
 * same length that agree above their last four digits, the union over their days of the slices their hours reach
 * (a superset of MyCat's answer); for anything else, every node.
 *
 * <p>Deliberate difference: {@code splitOneDay} is required and must be 1..24. MyCat rejects values above 24 and below
 * 1 as well, but without the property it divides by zero on every value.
 */
final class LatestMonthFunction implements ShardingFunction {

    private static final String NAME = "LatestMonthPartion";
    private static final long DDHH = 10_000;

    private final int splitOneDay;
    private final int hourSpan;

    LatestMonthFunction(int splitOneDay) {
        if (splitOneDay < 1 || splitOneDay > 24) {
            throw new IllegalArgumentException("splitOneDay: " + splitOneDay + " (expected: 1..24)");
        }
        this.splitOneDay = splitOneDay;
        this.hourSpan = 24 / splitOneDay;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static LatestMonthFunction fromProperties(FunctionProperties props) {
        return new LatestMonthFunction(props.requiredInt("splitOneDay"));
    }

    @Override
    public int nodeCount() {
        return -1;
    }

    @Override
    public int nodeOf(SqlValue value) {
        if (value instanceof SqlValue.Int i) {
            // The common long path reads the digits in place; Long.toString has no sign but a leading minus.
            long number = i.value();
            int length = DecimalText.length(number);
            if (length < 4) {
                throw SqlValues.unplaceable(NAME, value, length + " chars (expected: ...DDHH)");
            }
            int day = pair(number, length, length - 4);
            int hour = pair(number, length, length - 2);
            return MycatValues.requireNode(index(day, hour), NAME, value);
        }
        String text = MycatValues.text(value);
        int length = text.length();
        if (length < 4) {
            throw SqlValues.unplaceable(NAME, value, length + " chars (expected: ...DDHH)");
        }
        int day;
        int hour;
        try {
            day = Integer.parseInt(text.substring(length - 4, length - 2));
            hour = Integer.parseInt(text.substring(length - 2));
        } catch (NumberFormatException e) {
            throw SqlValues.unplaceable(NAME, value, "last four chars (expected: DDHH digits)");
        }
        return MycatValues.requireNode(index(day, hour), NAME, value);
    }

    /** {@code Integer.parseInt} of two chars of {@code Long.toString(number)}: two digits, or a minus and a digit. */
    private static int pair(long number, int length, int index) {
        char first = DecimalText.charAt(number, length, index);
        int second = DecimalText.charAt(number, length, index + 1) - '0';
        return first == '-' ? -second : (first - '0') * 10 + second;
    }

    private int index(int day, int hour) {
        return (day - 1) * splitOneDay + hour / hourSpan;
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        if (!(low instanceof SqlValue.Int lo) || !(high instanceof SqlValue.Int hi)) {
            return NodeSet.all(tableNodes);
        }
        long from = lo.value();
        long to = hi.value();
        if (from < 0 || from > to || from / DDHH != to / DDHH || lo.text().length() != hi.text().length()
                || lo.text().length() < 4) {
            return NodeSet.all(tableNodes);
        }
        // Every value in between shares the digits above DDHH, so only its last four digits vary, from's to to's.
        int fromDay = (int) (from % DDHH / 100);
        int toDay = (int) (to % DDHH / 100);
        ReachableNodes nodes = new ReachableNodes(tableNodes);
        for (int day = fromDay; day <= toDay; day++) {
            int firstHour = day == fromDay ? (int) (from % 100) : 0;
            int lastHour = day == toDay ? (int) (to % 100) : 99;
            nodes.addSpan(index(day, firstHour), index(day, lastHour));
        }
        return nodes.build();
    }

    @Override
    public String toString() {
        return "LatestMonthPartion[splitOneDay=" + splitOneDay + "]";
    }
}
