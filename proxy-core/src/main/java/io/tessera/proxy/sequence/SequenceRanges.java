package io.tessera.proxy.sequence;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sequences of {@code sequence_conf.properties}, MyCat's format for the local file handler (0) and the ZooKeeper
 * increment handler (4): per sequence {@code NAME.MINID}, {@code NAME.MAXID}, {@code NAME.CURID} (the last id
 * reserved, {@code MINID - 1} before the first) and {@code NAME.HISIDS} (ranges used before, which MINID..MAXID must
 * not overlap).
 */
final class SequenceRanges {

    /** What the file says of one sequence. */
    record Range(long min, long max, long curid) {
    }

    private SequenceRanges() {
    }

    /**
     * Every sequence of {@code file}, by upper-case name, in file order.
     *
     * @throws io.tessera.proxy.config.ConfigException naming the file and the key of every problem
     */
    static Map<String, Range> read(SequenceFile file) {
        Map<String, Range> ranges = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (String key : file.values().keySet()) {
            int dot = key.lastIndexOf('.');
            String name = dot < 0 ? key : key.substring(0, dot);
            String suffix = dot < 0 ? "" : key.substring(dot + 1);
            if (!List.of("HISIDS", "MINID", "MAXID", "CURID").contains(suffix)) {
                file.problem(key + ": unknown key (expected: NAME.HISIDS, NAME.MINID, NAME.MAXID or NAME.CURID)");
            } else if (seen.add(name) && file.checkName(key, name)) {
                Range range = range(file, name);
                if (range != null) {
                    ranges.put(name, range);
                }
            }
        }
        file.throwProblems();
        return ranges;
    }

    private static Range range(SequenceFile file, String name) {
        Long min = file.integer(name + ".MINID", 1, Long.MAX_VALUE);
        Long max = file.integer(name + ".MAXID", 1, Long.MAX_VALUE);
        Long cur = file.integer(name + ".CURID", 0, Long.MAX_VALUE);
        if (min == null || max == null || cur == null) {
            return null;
        }
        if (max < min) {
            file.problem(name + ".MAXID: " + max + " (expected: >= MINID " + min + ")");
            return null;
        }
        if (cur < min - 1 || cur > max) {
            file.problem(name + ".CURID: " + cur + " (expected: MINID - 1 .. MAXID, " + (min - 1) + ".." + max + ")");
            return null;
        }
        String history = file.values().getOrDefault(name + ".HISIDS", "");
        for (String used : history.isBlank() ? new String[0] : history.split(",")) {
            String[] bounds = used.strip().split("-", -1);
            long low;
            long high;
            try {
                low = Long.parseLong(bounds[0].strip());
                high = bounds.length == 2 ? Long.parseLong(bounds[1].strip()) : -1;
            } catch (NumberFormatException e) {
                low = 0;
                high = -1;
            }
            if (bounds.length != 2 || high < low) {
                file.problem(name + ".HISIDS: range \"" + used.strip() + "\" (expected: comma-separated a-b, a <= b)");
                return null;
            }
            if (low <= max && high >= min) {
                file.problem(name + ".HISIDS: range " + low + "-" + high + " overlaps MINID..MAXID " + min + ".."
                        + max + " (expected: a new range that ids used before are not in)");
                return null;
            }
        }
        return new Range(min, max, cur);
    }
}
