package io.tessera.router.function;

import java.util.Calendar;
import java.util.OptionalLong;

/**
 * The month arithmetic of MyCat's {@code PartitionByMonth} and {@code PartitionByMonthAndHistory}: a date's partition
 * is the number of calendar months from the begin date's month, {@code (year - beginYear) * 12 + month - beginMonth}
 * in {@link Calendar} fields (so the day of the month plays no part), taken round the cycle of months from the begin
 * date's to the end date's when there is an end date.
 *
 * <p>MyCat's rotation, kept: a month before the begin month counts backwards from the end of the cycle (with 12
 * months from January, December 2014 is node 11 of 2015's cycle), a month after the end month starts the cycle again.
 * Without an end date there is no cycle: a month before the begin month is partition -1, -2, ..., which
 * PartitionByMonth puts on the first node ({@link #earlyMonthsOnFirstNode}).
 */
final class MonthCycle {

    private final DatePattern format;
    private final int beginYear;
    private final int beginMonth;
    private final int count;
    private final boolean monthOfYear;
    private final boolean earlyOnFirst;

    private MonthCycle(DatePattern format, int beginYear, int beginMonth, int count, boolean monthOfYear,
            boolean earlyOnFirst) {
        this.format = format;
        this.beginYear = beginYear;
        this.beginMonth = beginMonth;
        this.count = count;
        this.monthOfYear = monthOfYear;
        this.earlyOnFirst = earlyOnFirst;
    }

    /**
     * Months from {@code beginDate}'s, round the cycle up to {@code endDate}'s month when there is an end date.
     *
     * @param endDate {@code sEndDate}, or {@code null} for months counted on without end
     */
    static MonthCycle of(DatePattern format, String beginDate, String endDate) {
        Calendar begin = format.calendar(format.parseSetting("sBeginDate", beginDate));
        int beginYear = begin.get(Calendar.YEAR);
        int beginMonth = begin.get(Calendar.MONTH);
        if (endDate == null) {
            return new MonthCycle(format, beginYear, beginMonth, -1, false, false);
        }
        Calendar end = format.calendar(format.parseSetting("sEndDate", endDate));
        int count = (end.get(Calendar.YEAR) - beginYear) * 12 + end.get(Calendar.MONTH) - beginMonth + 1;
        if (count <= 0) {
            throw new IllegalArgumentException(
                    "sEndDate: \"" + endDate + "\" (expected: not in a month before sBeginDate \"" + beginDate + "\")");
        }
        return new MonthCycle(format, beginYear, beginMonth, count, false, false);
    }

    /** The month of the year, January on node 0: MyCat's PartitionByMonth without begin and end dates. */
    static MonthCycle monthOfYear(DatePattern format) {
        // A cycle of 12 from January of year 0 gives the same node for every month as the month of the year.
        return new MonthCycle(format, 0, Calendar.JANUARY, 12, true, false);
    }

    /**
     * The same months, except that without an end date a month before the begin month is on the first node instead of
     * a negative partition: MyCat 1.6.7.6's PartitionByMonth ({@code if (targetPartition < 0) targetPartition = 0}),
     * for points and ranges alike.
     */
    MonthCycle earlyMonthsOnFirstNode() {
        return new MonthCycle(format, beginYear, beginMonth, count, monthOfYear, true);
    }

    /** The cycle's length, or -1 when months are counted on without end. */
    int count() {
        return count;
    }

    int nodeOf(SqlValue value, String function) {
        Calendar date = format.calendar(format.parseValue(value, function));
        if (monthOfYear) {
            return date.get(Calendar.MONTH);
        }
        int partition = offset(date);
        if (count > 0) {
            return rotate(partition);
        }
        return MycatValues.requireNode(earlyOnFirst ? Math.max(partition, 0) : partition, function, value);
    }

    /**
     * The nodes for dates from {@code low} to {@code high}: the months between them, round the cycle. MyCat
     * computes the same, except that without an end date its rotation by -1 sends every range to node 0; Tessera then
     * answers with the months from the low to the high date.
     */
    NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        OptionalLong from = format.parseBound(low);
        OptionalLong to = format.parseBound(high);
        if (from.isEmpty() || to.isEmpty()) {
            return NodeSet.all(tableNodes);
        }
        long first = offset(format.calendar(from.getAsLong()));
        long last = offset(format.calendar(to.getAsLong()));
        if (first > last) {
            return NodeSet.all(tableNodes);
        }
        ReachableNodes nodes = new ReachableNodes(tableNodes);
        if (count <= 0) {
            nodes.addSpan(earlyOnFirst ? Math.max(first, 0) : first, earlyOnFirst ? Math.max(last, 0) : last);
        } else if (last - first + 1 >= count) {
            nodes.addSpan(0, count - 1L);
        } else {
            for (long p = first; p <= last; p++) {
                nodes.add(rotate((int) p));
            }
        }
        return nodes.build();
    }

    private int offset(Calendar date) {
        return (date.get(Calendar.YEAR) - beginYear) * 12 + date.get(Calendar.MONTH) - beginMonth;
    }

    private int rotate(int partition) {
        int p = partition < 0 ? count - (-partition) % count : partition;
        return p >= count ? p % count : p;
    }

    @Override
    public String toString() {
        return monthOfYear ? "month of year" : "from " + beginYear + "-" + (beginMonth + 1)
                + (count > 0 ? ", cycle of " + count : "");
    }
}
