package io.tessera.proxy.config;

import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The names one {@code <table>} element defines: its {@code name} is a comma list (MyCat splits it whether
 * {@code splitTableNames} is set or not), and a single name may carry MyCat's date {@code nameSuffix}.
 */
final class TableNames {

    private TableNames() {
    }

    /** The comma list, each name trimmed; an empty name in it is an error. */
    static List<String> split(String names) throws InvalidValueException {
        List<String> result = new ArrayList<>();
        for (String name : names.split(",", -1)) {
            String trimmed = name.trim();
            if (trimmed.isEmpty()) {
                throw new InvalidValueException("the list has an empty table name");
            }
            result.add(trimmed);
        }
        return result;
    }

    /**
     * MyCat's {@code nameSuffix} ({@code XMLSchemaLoader.doTableNameSuffix}): {@code yyyymm,Y,M,N} gives N+1
     * tables for consecutive months and {@code yyyymmdd,Y,M,D,N} gives N+1 tables for consecutive days, each
     * named {@code name} followed by the date. MyCat builds the dates with a lenient {@code Calendar}, and for
     * {@code yyyymm} it first sets the day to 0, that is the last day of the month before: {@code 2015,01}
     * starts at {@code 201412}. Both quirks are kept, since the tables already exist under those names.
     */
    static List<String> withSuffix(String name, String nameSuffix) throws InvalidValueException {
        String[] params = nameSuffix.split(",");
        String format = params[0].trim().toUpperCase(Locale.ROOT);
        List<String> names = new ArrayList<>();
        if (format.equals("YYYYMM") && params.length == 4) {
            int count = count(params[3]);
            YearMonth month = YearMonth.of(number(params[1]), 1).plusMonths(number(params[2]) - 1L).minusMonths(1);
            for (int i = 0; i <= count; i++) {
                YearMonth current = month.plusMonths(i);
                names.add(name + String.format(Locale.ROOT, "%04d%02d", current.getYear(), current.getMonthValue()));
            }
            return names;
        }
        if (format.equals("YYYYMMDD") && params.length == 5) {
            int count = count(params[4]);
            LocalDate day = LocalDate.of(number(params[1]), 1, 1).plusMonths(number(params[2]) - 1L)
                    .plusDays(number(params[3]) - 1L);
            for (int i = 0; i <= count; i++) {
                LocalDate current = day.plusDays(i);
                names.add(name + String.format(Locale.ROOT, "%04d%02d%02d", current.getYear(),
                        current.getMonthValue(), current.getDayOfMonth()));
            }
            return names;
        }
        throw new InvalidValueException("expected yyyymm,<year>,<month>,<count> or"
                + " yyyymmdd,<year>,<month>,<day>,<count>");
    }

    private static int count(String text) throws InvalidValueException {
        int count = number(text);
        if (count < 0 || count >= NodeNames.MAX_RANGE) {
            throw new InvalidValueException("count " + count + " (expected: 0.." + (NodeNames.MAX_RANGE - 1) + ")");
        }
        return count;
    }

    private static int number(String text) throws InvalidValueException {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidValueException("\"" + text.trim() + "\" is not a number");
        }
    }
}
