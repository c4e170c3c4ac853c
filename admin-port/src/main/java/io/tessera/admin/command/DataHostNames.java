package io.tessera.admin.command;

import io.tessera.protocol.error.ErrorCode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The data host list of {@code switch @@datasource} and {@code stop @@heartbeat}, read as MyCat reads it: names
 * separated by commas, each bare or quoted ({@code '}, {@code "} or a backquote), {@code host$1-3} standing for
 * {@code host1,host2,host3}.
 */
final class DataHostNames {

    private static final Pattern RANGE = Pattern.compile("(.*)\\$(\\d{1,9})-(\\d{1,9})");
    /** Most names one {@code $} range may stand for. */
    private static final int MAX_RANGE = 1024;

    private DataHostNames() {
    }

    /**
     * The names of {@code list}, each once, ranges spelled out.
     *
     * @param command names the command in the error a bad range gets
     */
    static List<String> parse(String list, String command) {
        Set<String> names = new LinkedHashSet<>();
        for (String item : list.split(",")) {
            String name = unquoted(item.strip());
            Matcher range = RANGE.matcher(name);
            if (!range.matches()) {
                if (!name.isEmpty()) {
                    names.add(name);
                }
                continue;
            }
            long from = Long.parseLong(range.group(2));
            long to = Long.parseLong(range.group(3));
            if (to < from || to - from >= MAX_RANGE) {
                throw ErrorCode.UNKNOWN_ERROR.exception(command + ": range " + name + " (expected: from <= to, at most "
                        + MAX_RANGE + " names)");
            }
            for (long i = from; i <= to; i++) {
                names.add(range.group(1) + i);
            }
        }
        return List.copyOf(names);
    }

    /** A name as given, or without the quotes around it. */
    private static String unquoted(String name) {
        char first = name.isEmpty() ? ' ' : name.charAt(0);
        if (name.length() >= 2 && "'\"`".indexOf(first) >= 0 && name.charAt(name.length() - 1) == first) {
            return name.substring(1, name.length() - 1);
        }
        return name;
    }
}
