package io.tessera.router.function;

import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One explicit table from rule.xml class names to function factories: MyCat 1.6's names
 * ({@code io.mycat.route.function.PartitionByMod}), MyCat 1.5's ({@code org.opencloudb.route.function...}) and the
 * bare class name ({@code PartitionByMod}) and Tessera's short name ({@code mod}) all build the same Tessera
 * function. An unknown name is a configuration error, never a silent default.
 */
public final class FunctionRegistry {

    private static final String MYCAT_PACKAGE = "io.mycat.route.function.";
    private static final String OPENCLOUDB_PACKAGE = "org.opencloudb.route.function.";

    /**
     * MyCat's {@code PartitionByCRC32PreSlot} takes its node count from the table that uses it (MyCat's
     * {@code TableRuleAware}): whoever builds it must pass the table's node count as its {@code count}.
     */
    public static final String CRC32_PRE_SLOT = "PartitionByCRC32PreSlot";

    /** Bare MyCat class name to factory. */
    private static final Map<String, Function<FunctionProperties, ShardingFunction>> FACTORIES = Map.ofEntries(
            Map.entry("PartitionByMod", ModFunction::fromProperties),
            Map.entry("PartitionByString", StringHashFunction::fromProperties),
            Map.entry("PartitionByPrefixPattern", PrefixPatternFunction::fromProperties),
            Map.entry("PartitionDirectBySubString", SubstringFunction::fromProperties),
            Map.entry("PartitionByDate", DateFunction::fromProperties),
            Map.entry("PartitionByMonth", MonthFunction::fromProperties),
            Map.entry("PartitionByMonthAndHistory", MonthAndHistoryFunction::fromProperties),
            Map.entry("LatestMonthPartion", LatestMonthFunction::fromProperties),
            Map.entry("PartitionByHotDate", HotDateFunction::fromProperties),
            Map.entry("PartitionByRangeDateHash", RangeDateHashFunction::fromProperties),
            Map.entry("PartitionByHashMod", HashModFunction::fromProperties),
            Map.entry("PartitionByLong", FixedSlotFunction::fromProperties),
            Map.entry("AutoPartitionByLong", LongRangeFunction::fromProperties),
            Map.entry("PartitionByRangeMod", RangeModFunction::fromProperties),
            Map.entry("PartitionByFileMap", FileMapFunction::fromProperties),
            Map.entry("PartitionByMurmurHash", MurmurHashFunction::fromProperties),
            Map.entry("PartitionByJumpConsistentHash", JumpHashFunction::fromProperties),
            Map.entry(CRC32_PRE_SLOT, Crc32SlotFunction::fromProperties),
            Map.entry("PartitionByPattern", PatternFunction::fromProperties));

    /** Tessera's own short names, for rule.xml files written for Tessera: {@code class="mod"}. */
    private static final Map<String, String> SHORT_NAMES = Map.ofEntries(
            Map.entry("mod", "PartitionByMod"),
            Map.entry("hash-mod", "PartitionByHashMod"),
            Map.entry("fixed-slot", "PartitionByLong"),
            Map.entry("long-range", "AutoPartitionByLong"),
            Map.entry("range-mod", "PartitionByRangeMod"),
            Map.entry("file-map", "PartitionByFileMap"),
            Map.entry("murmur-hash", "PartitionByMurmurHash"),
            Map.entry("jump-hash", "PartitionByJumpConsistentHash"),
            Map.entry("crc32-slot", CRC32_PRE_SLOT),
            Map.entry("string-hash", "PartitionByString"),
            Map.entry("pattern", "PartitionByPattern"),
            Map.entry("prefix-pattern", "PartitionByPrefixPattern"),
            Map.entry("substring", "PartitionDirectBySubString"),
            Map.entry("date", "PartitionByDate"),
            Map.entry("month", "PartitionByMonth"),
            Map.entry("month-history", "PartitionByMonthAndHistory"),
            Map.entry("latest-month", "LatestMonthPartion"),
            Map.entry("hot-date", "PartitionByHotDate"),
            Map.entry("range-date-hash", "PartitionByRangeDateHash"));

    /** Builds the function a rule.xml {@code <function class=...>} names. */
    public ShardingFunction create(String className, FunctionProperties properties) {
        Function<FunctionProperties, ShardingFunction> factory = FACTORIES.get(bareName(className));
        if (factory == null) {
            throw properties.error("class " + className + ": unknown (expected one of "
                    + new TreeSet<>(FACTORIES.keySet()) + ", optionally prefixed with " + MYCAT_PACKAGE + " or "
                    + OPENCLOUDB_PACKAGE + ", or one of Tessera's short names " + new TreeSet<>(SHORT_NAMES.keySet())
                    + ")");
        }
        try {
            return factory.apply(properties);
        } catch (IllegalArgumentException e) {
            throw properties.error(e.getMessage());
        }
    }

    /** Whether {@code className} names a function whose node count comes from its table. */
    public static boolean takesNodeCountFromTable(String className) {
        return bareName(className).equals(CRC32_PRE_SLOT);
    }

    private static String bareName(String className) {
        String name = className.trim();
        String longName = SHORT_NAMES.get(name);
        if (longName != null) {
            return longName;
        }
        if (name.startsWith(MYCAT_PACKAGE)) {
            return name.substring(MYCAT_PACKAGE.length());
        }
        if (name.startsWith(OPENCLOUDB_PACKAGE)) {
            return name.substring(OPENCLOUDB_PACKAGE.length());
        }
        return name;
    }
}
