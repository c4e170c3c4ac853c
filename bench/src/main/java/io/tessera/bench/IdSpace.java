package io.tessera.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ids a workload writes and reads, as MyCat's test tool takes them: ranges such as {@code 0-500M,500M1-1000M}
 * with MyCat's units ({@code K} = 1,000, {@code M} = 10,000, as in {@code autopartition-long.txt}; {@code 500M1} is
 * 5,000,001), one range per data node of a range-sharded table. Index {@code i} of the space is the
 * {@code i / ranges}-th id of range {@code i % ranges}, so the first {@code n} ids spread evenly over the nodes.
 */
record IdSpace(List<Range> ranges) {

    private static final Pattern BOUND = Pattern.compile("(\\d+)(?:([KkMm])(\\d*))?");

    /** The ids {@code first..last}, inclusive. */
    record Range(long first, long last) {

        long size() {
            return last - first + 1;
        }
    }

    IdSpace {
        ranges = List.copyOf(ranges);
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("--ranges: no range (expected: e.g. 0-500M,500M1-1000M)");
        }
    }

    static IdSpace parse(String text) {
        List<Range> ranges = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] bounds = part.trim().split("-");
            if (bounds.length != 2) {
                throw new IllegalArgumentException("--ranges: " + part + " (expected: FIRST-LAST, e.g. 100M1-200M)");
            }
            long first = bound(bounds[0]);
            long last = bound(bounds[1]);
            if (first > last) {
                throw new IllegalArgumentException("--ranges: " + part + " (its first id is above its last)");
            }
            ranges.add(new Range(first, last));
        }
        return new IdSpace(ranges);
    }

    private static long bound(String text) {
        Matcher m = BOUND.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("--ranges: " + text + " (expected: digits with K or M, e.g. 500M1)");
        }
        long value = Long.parseLong(m.group(1));
        if (m.group(2) != null) {
            value *= Character.toUpperCase(m.group(2).charAt(0)) == 'K' ? 1_000 : 10_000;
            if (!m.group(3).isEmpty()) {
                value += Long.parseLong(m.group(3));
            }
        }
        return value;
    }

    /** How many ids the smallest range holds times the number of ranges: the indexes {@link #idAt} accepts. */
    long size() {
        return ranges.stream().mapToLong(Range::size).min().orElseThrow() * ranges.size();
    }

    long idAt(long index) {
        Range range = ranges.get((int) (index % ranges.size()));
        return range.first() + index / ranges.size();
    }

    /**
     * Thread {@code thread} of {@code threads}' own share of the ids, as MyCat's insert test splits them: the threads
     * take the ranges in turn, and those on one range cut it into equal consecutive slices.
     */
    Range slice(int thread, int threads) {
        int rangeIndex = thread % ranges.size();
        Range range = ranges.get(rangeIndex);
        int sharing = threads / ranges.size() + (rangeIndex < threads % ranges.size() ? 1 : 0);
        int position = thread / ranges.size();
        long width = range.size() / sharing;
        long first = range.first() + position * width;
        long last = position == sharing - 1 ? range.last() : first + width - 1;
        return new Range(first, last);
    }
}
