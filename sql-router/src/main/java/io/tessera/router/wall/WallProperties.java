package io.tessera.router.wall;

import com.alibaba.druid.wall.WallConfig;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The {@code <property>} elements of server.xml's {@code <blacklist>}: Druid {@code WallConfig} settings, each named
 * by its setter as MyCat's {@code ParameterMapping} names them ({@code selectIntoOutfileAllow} sets
 * {@code setSelectIntoOutfileAllow}). One explicit table: a name it does not hold is a configuration problem, not a
 * setting silently skipped as in MyCat, and so is a WallConfig setting Tessera cannot honour:
 * <ul>
 *   <li>{@code selectLimit}, {@code tenantTablePattern}, {@code tenantColumn}: Druid honours them by rewriting the
 *       statement (adding a LIMIT or a tenant condition), and MyCat, like Tessera, runs the client's text, so they
 *       would have no effect;
 *   <li>{@code dir}: the directory of deny lists, which Druid reads only when a WallConfig is built from it; MyCat
 *       builds its WallConfig without one, and Tessera does the same;
 *   <li>{@code inited}, {@code tenantCallBack}, {@code updateCheckHandler}: Druid's internals and Java objects.
 * </ul>
 * The misspelt names Druid keeps as aliases ({@code selelctAllow}, {@code updateWhereAlayTrueCheck},
 * {@code conditionOpBitwseAllow}) are accepted as Druid accepts them.
 */
public final class WallProperties {

    private static final Map<String, BiConsumer<WallConfig, Boolean>> FLAGS = Map.ofEntries(
            Map.entry("alterTableAllow", WallConfig::setAlterTableAllow),
            Map.entry("blockAllow", WallConfig::setBlockAllow),
            Map.entry("callAllow", WallConfig::setCallAllow),
            Map.entry("caseConditionConstAllow", WallConfig::setCaseConditionConstAllow),
            Map.entry("commentAllow", WallConfig::setCommentAllow),
            Map.entry("commitAllow", WallConfig::setCommitAllow),
            Map.entry("completeInsertValuesCheck", WallConfig::setCompleteInsertValuesCheck),
            Map.entry("conditionAndAlwayFalseAllow", WallConfig::setConditionAndAlwayFalseAllow),
            Map.entry("conditionAndAlwayTrueAllow", WallConfig::setConditionAndAlwayTrueAllow),
            Map.entry("conditionDoubleConstAllow", WallConfig::setConditionDoubleConstAllow),
            Map.entry("conditionLikeTrueAllow", WallConfig::setConditionLikeTrueAllow),
            Map.entry("conditionOpBitwiseAllow", WallConfig::setConditionOpBitwiseAllow),
            Map.entry("conditionOpBitwseAllow", WallConfig::setConditionOpBitwseAllow),
            Map.entry("conditionOpXorAllow", WallConfig::setConditionOpXorAllow),
            Map.entry("constArithmeticAllow", WallConfig::setConstArithmeticAllow),
            Map.entry("createTableAllow", WallConfig::setCreateTableAllow),
            Map.entry("deleteAllow", WallConfig::setDeleteAllow),
            Map.entry("deleteWhereAlwayTrueCheck", WallConfig::setDeleteWhereAlwayTrueCheck),
            Map.entry("deleteWhereNoneCheck", WallConfig::setDeleteWhereNoneCheck),
            Map.entry("describeAllow", WallConfig::setDescribeAllow),
            Map.entry("doPrivilegedAllow", WallConfig::setDoPrivilegedAllow),
            Map.entry("dropTableAllow", WallConfig::setDropTableAllow),
            Map.entry("functionCheck", WallConfig::setFunctionCheck),
            Map.entry("hintAllow", WallConfig::setHintAllow),
            Map.entry("insertAllow", WallConfig::setInsertAllow),
            Map.entry("intersectAllow", WallConfig::setIntersectAllow),
            Map.entry("limitZeroAllow", WallConfig::setLimitZeroAllow),
            Map.entry("lockTableAllow", WallConfig::setLockTableAllow),
            Map.entry("mergeAllow", WallConfig::setMergeAllow),
            Map.entry("metadataAllow", WallConfig::setMetadataAllow),
            Map.entry("minusAllow", WallConfig::setMinusAllow),
            Map.entry("multiStatementAllow", WallConfig::setMultiStatementAllow),
            Map.entry("mustParameterized", WallConfig::setMustParameterized),
            Map.entry("noneBaseStatementAllow", WallConfig::setNoneBaseStatementAllow),
            Map.entry("objectCheck", WallConfig::setObjectCheck),
            Map.entry("renameTableAllow", WallConfig::setRenameTableAllow),
            Map.entry("replaceAllow", WallConfig::setReplaceAllow),
            Map.entry("rollbackAllow", WallConfig::setRollbackAllow),
            Map.entry("schemaCheck", WallConfig::setSchemaCheck),
            Map.entry("selectAllColumnAllow", WallConfig::setSelectAllColumnAllow),
            Map.entry("selectAllow", WallConfig::setSelectAllow),
            Map.entry("selectExceptCheck", WallConfig::setSelectExceptCheck),
            Map.entry("selectHavingAlwayTrueCheck", WallConfig::setSelectHavingAlwayTrueCheck),
            Map.entry("selectIntersectCheck", WallConfig::setSelectIntersectCheck),
            Map.entry("selectIntoAllow", WallConfig::setSelectIntoAllow),
            Map.entry("selectIntoOutfileAllow", WallConfig::setSelectIntoOutfileAllow),
            Map.entry("selectMinusCheck", WallConfig::setSelectMinusCheck),
            Map.entry("selectUnionCheck", WallConfig::setSelectUnionCheck),
            Map.entry("selectWhereAlwayTrueCheck", WallConfig::setSelectWhereAlwayTrueCheck),
            Map.entry("selelctAllow", WallConfig::setSelelctAllow),
            Map.entry("setAllow", WallConfig::setSetAllow),
            Map.entry("showAllow", WallConfig::setShowAllow),
            Map.entry("startTransactionAllow", WallConfig::setStartTransactionAllow),
            Map.entry("strictSyntaxCheck", WallConfig::setStrictSyntaxCheck),
            Map.entry("tableCheck", WallConfig::setTableCheck),
            Map.entry("truncateAllow", WallConfig::setTruncateAllow),
            Map.entry("updateAllow", WallConfig::setUpdateAllow),
            Map.entry("updateWhereAlayTrueCheck", WallConfig::setUpdateWhereAlayTrueCheck),
            Map.entry("updateWhereAlwayTrueCheck", WallConfig::setUpdateWhereAlwayTrueCheck),
            Map.entry("updateWhereNoneCheck", WallConfig::setUpdateWhereNoneCheck),
            Map.entry("useAllow", WallConfig::setUseAllow),
            Map.entry("variantCheck", WallConfig::setVariantCheck),
            Map.entry("wrapAllow", WallConfig::setWrapAllow));

    /** Integer settings; each takes a value >= 0. */
    private static final Map<String, BiConsumer<WallConfig, Integer>> NUMBERS = Map.of(
            "insertValuesCheckSize", WallConfig::setInsertValuesCheckSize);

    /** WallConfig settings Tessera refuses, and why. */
    private static final Map<String, String> NOT_HONOURED = Map.of(
            "selectLimit", "Druid applies it by rewriting the SELECT, and the data nodes get the client's text"
                    + " (schema.xml's sqlMaxLimit limits SELECTs)",
            "tenantTablePattern", "Druid applies it by rewriting the statement, and the data nodes get the client's"
                    + " text",
            "tenantColumn", "Druid applies it by rewriting the statement, and the data nodes get the client's text",
            "dir", "Druid's deny lists are not loaded, as in MyCat",
            "inited", "a Druid internal, not a setting",
            "tenantCallBack", "takes a Java object",
            "updateCheckHandler", "takes a Java object");

    private WallProperties() {
    }

    /**
     * What is wrong with {@code <property name="name">value</property>} in a blacklist, e.g.
     * {@code value "yes": expected true or false}; empty when the property can be used.
     */
    public static Optional<String> problem(String name, String value) {
        if (FLAGS.containsKey(name)) {
            return flag(value) == null
                    ? Optional.of("value \"" + value + "\": expected true or false")
                    : Optional.empty();
        }
        if (NUMBERS.containsKey(name)) {
            return number(value) == null
                    ? Optional.of("value \"" + value + "\": expected an integer >= 0")
                    : Optional.empty();
        }
        String refused = NOT_HONOURED.get(name);
        if (refused != null) {
            return Optional.of("Druid WallConfig setting that Tessera cannot honour: " + refused);
        }
        return Optional.of("not a Druid WallConfig setting (names are case-sensitive, e.g. deleteWhereNoneCheck)");
    }

    /**
     * A WallConfig with Druid's defaults and {@code properties} set, as MyCat builds its own ({@code new
     * WallConfig()}, so no deny lists).
     *
     * @throws IllegalArgumentException for a property {@link #problem} finds wrong
     */
    static WallConfig config(Map<String, String> properties) {
        WallConfig config = new WallConfig();
        properties.forEach((name, value) -> {
            problem(name, value).ifPresent(problem -> {
                throw new IllegalArgumentException("blacklist property " + name + ": " + problem);
            });
            BiConsumer<WallConfig, Boolean> flag = FLAGS.get(name);
            if (flag != null) {
                flag.accept(config, flag(value));
            } else {
                NUMBERS.get(name).accept(config, number(value));
            }
        });
        return config;
    }

    /** {@code true} or {@code false} in any case, trimmed; null for anything else. */
    private static Boolean flag(String value) {
        String lower = value.trim().toLowerCase(Locale.ROOT);
        return lower.equals("true") ? Boolean.TRUE : lower.equals("false") ? Boolean.FALSE : null;
    }

    private static Integer number(String value) {
        try {
            int number = Integer.parseInt(value.trim());
            return number >= 0 ? number : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
