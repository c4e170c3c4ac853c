package io.tessera.router.function;

import java.util.Calendar;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByDate}: one partition per {@code sPartionDay} days from
 * {@code sBeginDate}; with {@code sEndDate}, the partitions up to the end date are reused in turn after it. With
 * {@code sNaturalDay} 1, the node is the day of the month instead (day 1 on node 0, day 31 on node 30). The property
 * names keep MyCat's spelling.
 *
 * <pre>{@code
 * <function name="partbyday" class="io.mycat.route.function.PartitionByDate">
 *     <property name="dateFormat">yyyy-MM-dd</property>
 *     <property name="sNaturalDay">0</property>
 *     <property name="sBeginDate">2014-01-01</property>
 *     <property name="sEndDate">2014-01-31</property>  <!-- optional: 4 partitions, then round again -->
 *     <property name="sPartionDay">10</property>
 * </function>
 * }</pre>
 *
 * <p>node = {@code (int) ((t - begin) / (sPartionDay * 86400000))} in epoch milliseconds, with the dates read as
 * {@link DatePattern} describes (MyCat's {@code SimpleDateFormat}, in the JVM's zone unless {@code timeZone} says
 * otherwise). After {@code sEndDate} it is taken modulo the count, {@code (end - begin) / partition length + 1}, which
 * is also the node count; without an end date the function reports no node count and the router checks each index.
 *
 * <p>MyCat quirks kept:
 * <ul>
 *   <li>the division truncates toward zero, so the {@code sPartionDay - 1} days before the begin date also land on
 *       node 0; earlier dates give a negative partition and cannot be placed;</li>
 *   <li>partitions are fixed spans of 24-hour days, so across a daylight saving change a partition boundary is an
 *       hour off midnight;</li>
 *   <li>{@code sEndDate} is ignored, and nothing rotates, when {@code sBeginDate} is at or before
 *       1970-01-01T00:00:00Z (MyCat tests {@code beginDate > 0});</li>
 *   <li>natural days are only used when the begin and end dates, if both are set, span at least 28 days; otherwise
 *       MyCat silently falls back to {@code sPartionDay}-day partitions, and so does Tessera. The node count is then
 *       still the number of days from begin to end plus one, whatever the natural days use;</li>
 *   <li>an inserted NULL is read as the text {@code NULL}, which is no date.</li>
 * </ul>
 *
 * <p>Ranges: MyCat steps from the low date one calendar day at a time and collects each step's partition. The steps
 * keep the low date's time of day, so with a pattern that has hours the high date's own partition can be skipped.
 * Tessera computes the partitions directly, so its answer covers every partition MyCat finds and every date in the
 * range: the span from the low date's partition to the high date's, wrapped modulo the count after the end date; for
 * natural days, the days of the month the range touches. Partitions that name no node of the table are left out
 * (MyCat refuses the statement instead), and an unreadable or empty range goes to every node, as in MyCat.
 *
 * <p>Deliberate differences, all rejected when rule.xml is loaded: a missing {@code sBeginDate} without natural days
 * (MyCat divides by zero on every value), an {@code sPartionDay} below 1, an {@code sEndDate} before
 * {@code sBeginDate}, and an {@code sNaturalDay} other than 0 or 1 (MyCat treats anything but "1" as 0).
 */
final class DateFunction implements ShardingFunction {

    private static final String NAME = "PartitionByDate";
    private static final long DAY_MILLIS = 86_400_000L;
    private static final int DAYS_IN_LONGEST_MONTH = 31;
    /** MyCat uses natural days only when begin..end spans at least this many days. */
    private static final int NATURAL_DAY_MINIMUM = 28;

    private final DatePattern format;
    private final boolean naturalDay;
    private final long begin;
    private final long partitionMillis;
    private final long end;
    private final int count;

    /**
     * @param beginDate {@code sBeginDate}, or {@code null}
     * @param endDate {@code sEndDate}, or {@code null}
     * @param partitionDays {@code sPartionDay}, if set
     * @param naturalDay whether {@code sNaturalDay} is 1
     */
    DateFunction(DatePattern format, String beginDate, String endDate, OptionalInt partitionDays, boolean naturalDay) {
        this.format = format;
        boolean natural = naturalDay;
        long beginMillis = 0;
        long length = 0;
        long endMillis = 0;
        int partitions = 0;
        if (beginDate != null) {
            length = natural ? DAY_MILLIS : partitionLength(partitionDays, "");
            beginMillis = format.parseSetting("sBeginDate", beginDate);
        } else if (!natural) {
            throw new IllegalArgumentException("sBeginDate: missing (expected: a date, unless sNaturalDay is 1)");
        }
        if (endDate != null && beginMillis > 0) {
            endMillis = format.parseSetting("sEndDate", endDate);
            if (endMillis < beginMillis) {
                throw new IllegalArgumentException(
                        "sEndDate: \"" + endDate + "\" (expected: not before sBeginDate \"" + beginDate + "\")");
            }
            partitions = (int) ((endMillis - beginMillis) / length) + 1;
            if (natural && partitions < NATURAL_DAY_MINIMUM) {
                natural = false;
                length = partitionLength(partitionDays,
                        "; sNaturalDay falls back to it as sBeginDate..sEndDate spans under 28 days");
                partitions = (int) ((endMillis - beginMillis) / length) + 1;
            }
        }
        this.naturalDay = natural;
        this.begin = beginMillis;
        this.partitionMillis = length;
        this.end = endMillis;
        this.count = partitions;
    }

    private static long partitionLength(OptionalInt partitionDays, String why) {
        if (partitionDays.isEmpty()) {
            throw new IllegalArgumentException("sPartionDay: missing (expected: days per partition" + why + ")");
        }
        int days = partitionDays.getAsInt();
        if (days < 1) {
            throw new IllegalArgumentException("sPartionDay: " + days + " (expected: >= 1)");
        }
        return days * DAY_MILLIS;
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static DateFunction fromProperties(FunctionProperties props) {
        String natural = props.optional("sNaturalDay").orElse("0");
        if (!natural.equals("0") && !natural.equals("1")) {
            throw props.error("sNaturalDay", "\"" + natural + "\" (expected: 0 or 1)");
        }
        OptionalInt partitionDays = props.optional("sPartionDay").isPresent()
                ? OptionalInt.of(props.requiredInt("sPartionDay"))
                : OptionalInt.empty();
        return new DateFunction(DatePattern.fromProperties(props, null), props.optional("sBeginDate").orElse(null),
                props.optional("sEndDate").orElse(null), partitionDays, natural.equals("1"));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return count > 0 ? count : -1;
    }

    @Override
    public int nodeOf(SqlValue value) {
        long time = format.parseValue(value, NAME);
        if (naturalDay) {
            return format.calendar(time).get(Calendar.DAY_OF_MONTH) - 1;
        }
        int partition = (int) ((time - begin) / partitionMillis);
        if (time > end && count != 0) {
            partition = partition % count;
        }
        return MycatValues.requireNode(partition, NAME, value);
    }

    @Override
    public NodeSet nodesOf(SqlValue low, SqlValue high, int tableNodes) {
        OptionalLong lowTime = format.parseBound(low);
        OptionalLong highTime = format.parseBound(high);
        if (lowTime.isEmpty() || highTime.isEmpty() || lowTime.getAsLong() > highTime.getAsLong()) {
            return NodeSet.all(tableNodes);
        }
        long from = lowTime.getAsLong();
        long to = highTime.getAsLong();
        ReachableNodes nodes = new ReachableNodes(tableNodes);
        if (naturalDay) {
            addDaysOfMonth(from, to, nodes);
            return nodes.build();
        }
        // Partitions grow with time; past the end date (when there is one) they wrap modulo the count.
        long lastPlain = count != 0 ? end : Long.MAX_VALUE;
        long first = partition(from);
        long last = partition(to);
        if (Math.abs(first) > Integer.MAX_VALUE || Math.abs(last) > Integer.MAX_VALUE) {
            return NodeSet.all(tableNodes);       // beyond MyCat's int arithmetic: no telling where it wrapped
        }
        if (from <= lastPlain) {
            nodes.addSpan(first, partition(Math.min(to, lastPlain)));
        }
        if (to > lastPlain) {
            long firstWrapped = partition(Math.max(from, lastPlain + 1));
            if (last - firstWrapped + 1 >= count) {
                nodes.addSpan(0, count - 1L);
            } else {
                for (long p = firstWrapped; p <= last; p++) {
                    nodes.add(p % count);
                }
            }
        }
        return nodes.build();
    }

    private long partition(long time) {
        return (time - begin) / partitionMillis;
    }

    /** Adds the day of the month, minus one, of every calendar day from {@code from}'s to {@code to}'s. */
    private void addDaysOfMonth(long from, long to, ReachableNodes nodes) {
        Calendar day = format.calendar(from);
        int seen = 0;
        while (Integer.bitCount(seen) < DAYS_IN_LONGEST_MONTH) {
            day.set(Calendar.HOUR_OF_DAY, 0);
            day.set(Calendar.MINUTE, 0);
            day.set(Calendar.SECOND, 0);
            day.set(Calendar.MILLISECOND, 0);
            if (day.getTimeInMillis() > to) {
                break;
            }
            int dayOfMonth = day.get(Calendar.DAY_OF_MONTH);
            seen |= 1 << (dayOfMonth - 1);
            nodes.add(dayOfMonth - 1L);
            day.add(Calendar.DAY_OF_MONTH, 1);
        }
    }

    @Override
    public String toString() {
        return "PartitionByDate[" + format + (naturalDay ? ", natural days" : ", days=" + partitionMillis / DAY_MILLIS)
                + (count > 0 ? ", count=" + count : "") + "]";
    }
}
