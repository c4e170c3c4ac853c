package io.tessera.proxy.it;

import static io.tessera.proxy.it.DifferentialFilters.pick;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.SplittableRandom;

/**
 * HAVING conditions over MIN and MAX of {@code mt}'s DATETIME ({@code dt}), DATE ({@code dd}) and string columns
 * ({@code s}, {@code s2}, {@code sb}), and of TIME and DATE values computed from {@code dt}: IS [NOT] NULL,
 * comparisons, BETWEEN and IN with string literals in the forms MySQL converts to temporal values, comparisons of
 * two aggregates, and comparisons of a grouped string or date column. MySQL answers each by the column's type:
 * temporal values by time, strings under the column's collation (case, accents, trailing spaces).
 */
final class DifferentialHavings {

    /** {@code function(argument)}, and the kind of literal it is compared with. */
    private record Typed(String function, String argument, Kind kind) {
        String sql() {
            return function + "(" + argument + ")";
        }
    }

    private enum Kind { DATETIME, DATE, TIME, STRING }

    private static final List<Typed> AGGREGATES = List.of(new Typed("MIN", "dt", Kind.DATETIME),
            new Typed("MAX", "dt", Kind.DATETIME), new Typed("MIN", "dd", Kind.DATE), new Typed("MAX", "dd", Kind.DATE),
            new Typed("MAX", "DATE(dt)", Kind.DATE), new Typed("MIN", "TIME(dt)", Kind.TIME),
            new Typed("MAX", "TIME(dt)", Kind.TIME), new Typed("MIN", "s", Kind.STRING),
            new Typed("MAX", "s", Kind.STRING), new Typed("MIN", "s2", Kind.STRING),
            new Typed("MAX", "s2", Kind.STRING), new Typed("MIN", "sb", Kind.STRING),
            new Typed("MAX", "sb", Kind.STRING));
    private static final String[] OPERATORS = {"=", "<>", "<", "<=", ">", ">=", "<=>", "!="};
    private static final LocalDateTime DT_BASE = LocalDateTime.of(2020, 1, 1, 0, 0);
    private static final LocalDate DD_BASE = LocalDate.of(2021, 1, 1);
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private DifferentialHavings() {
    }

    /** One condition, or two joined by AND / OR, over the group {@code keys} (none: one group of every row). */
    static String condition(SplittableRandom r, List<String> keys) {
        String first = term(r, keys);
        return switch (r.nextInt(6)) {
            case 0 -> "(" + first + ") AND (" + term(r, keys) + ")";
            case 1 -> "(" + first + ") OR (" + term(r, keys) + ")";
            case 2 -> "NOT (" + first + ")";
            case 3 -> first + " AND cnt > " + r.nextInt(3);
            default -> first;
        };
    }

    /** An aggregate the condition may name; the caller may select it, aliased or not. */
    static String aggregate(SplittableRandom r) {
        return AGGREGATES.get(r.nextInt(AGGREGATES.size())).sql();
    }

    private static String term(SplittableRandom r, List<String> keys) {
        int p = r.nextInt(20);
        if (p < 3) {
            return aggregate(r) + pick(r, " IS NULL", " IS NOT NULL");
        }
        if (p < 5) {
            String argument = AGGREGATES.get(r.nextInt(AGGREGATES.size())).argument();
            return "MIN(" + argument + ") " + pick(r, "<", "=", "<>", "<=", ">") + " MAX(" + argument + ")";
        }
        if (p < 7) {
            for (String key : keys) {
                if (key.equals("dd")) {
                    return "dd " + pick(r, OPERATORS) + " " + literal(r, Kind.DATE);
                }
                if (key.startsWith("s")) {
                    return key + " " + pick(r, OPERATORS) + " " + literal(r, Kind.STRING);
                }
            }
        }
        Typed a = AGGREGATES.get(r.nextInt(AGGREGATES.size()));
        return switch (r.nextInt(8)) {
            case 0 -> a.sql() + pick(r, " ", " NOT ") + "BETWEEN " + ordered(r, a.kind());
            case 1 -> a.sql() + pick(r, " ", " NOT ") + "IN (" + literal(r, a.kind()) + ", " + literal(r, a.kind())
                    + ")";
            case 2 -> literal(r, a.kind()) + " " + pick(r, OPERATORS) + " " + a.sql();
            default -> a.sql() + " " + pick(r, OPERATORS) + " " + literal(r, a.kind());
        };
    }

    /** {@code low AND high}, in text order: mostly the temporal order too, so that most ranges hold something. */
    private static String ordered(SplittableRandom r, Kind kind) {
        String a = literal(r, kind);
        String b = literal(r, kind);
        return a.compareTo(b) <= 0 ? a + " AND " + b : b + " AND " + a;
    }

    private static String literal(SplittableRandom r, Kind kind) {
        return DifferentialData.quote(switch (kind) {
            case DATETIME -> datetime(r);
            case DATE -> date(r);
            case TIME -> time(r);
            case STRING -> string(r);
        });
    }

    /** Hot instants exactly, instants anywhere in the data's two years, and MySQL's looser spellings of them. */
    private static String datetime(SplittableRandom r) {
        LocalDateTime at = r.nextBoolean()
                ? DT_BASE.plusDays(17L * r.nextInt(40)).plusNanos(123_000_000L)
                : DT_BASE.plusSeconds(r.nextLong(0, 2 * 365 * 86_400L)).plusNanos(r.nextInt(1000) * 1_000_000L);
        return switch (r.nextInt(8)) {
            case 0 -> at.toLocalDate().toString();
            case 1 -> at.format(SECONDS);
            case 2 -> at.format(SECONDS).replace(' ', 'T');
            case 3 -> at.getYear() + "-" + at.getMonthValue() + "-" + at.getDayOfMonth() + " " + at.getHour() + ":"
                    + at.getMinute();
            case 4 -> at.format(MILLIS) + "000";
            default -> at.format(MILLIS);
        };
    }

    /** Days within the data's range (and its two far-away dates), sometimes with a time of day. */
    private static String date(SplittableRandom r) {
        int p = r.nextInt(20);
        if (p == 0) {
            return pick(r, "1000-01-01", "9999-12-31");
        }
        LocalDate day = DD_BASE.plusDays(r.nextInt(-5, 95));
        return switch (p % 5) {
            case 0 -> day + " 00:00:00";
            case 1 -> day + " " + pick(r, "12:00:00", "00:00:00.001", "23:59:59.999999");
            default -> day.toString();
        };
    }

    private static String time(SplittableRandom r) {
        return switch (r.nextInt(6)) {
            case 0 -> pick(r, "00:00:00", "23:59:59.999", "24:00:00", "-01:00:00", "838:59:59");
            case 1 -> String.format("%02d:%02d", r.nextInt(24), r.nextInt(60));
            case 2 -> String.format("%d:%02d:%02d.%03d", r.nextInt(24), r.nextInt(60), r.nextInt(60), r.nextInt(1000));
            default -> String.format("%02d:%02d:%02d", r.nextInt(24), r.nextInt(60), r.nextInt(60));
        };
    }

    /** Words that differ only in case, accents or trailing spaces, the empty string, and random lower-case words. */
    private static String string(SplittableRandom r) {
        int p = r.nextInt(10);
        if (p < 6) {
            return DifferentialData.WORDS.get(r.nextInt(DifferentialData.WORDS.size()));
        }
        if (p < 7) {
            return pick(r, "", " ", "apple  ", "m", "Z");
        }
        StringBuilder word = new StringBuilder();
        for (int n = 1 + r.nextInt(4); n > 0; n--) {
            word.append((char) ('a' + r.nextInt(26)));
        }
        return word.toString();
    }
}
