package io.tessera.router.wall;

import java.util.Map;

/**
 * Why the blacklist refuses a statement: the rule Druid's wall found broken, in Druid's words.
 *
 * @param code Druid's violation code ({@code com.alibaba.druid.wall.violation.ErrorCode}), e.g. 2104
 * @param message Druid's message, e.g. {@code delete none condition not allow}
 * @param property the blacklist property that governs the rule, when one alone does (e.g.
 *     {@code deleteWhereNoneCheck}); {@code null} when several share the code
 * @param syntaxError Druid could not read the statement, so it could not judge it ({@code strictSyntaxCheck})
 */
public record WallViolation(int code, String message, String property, boolean syntaxError) {

    /** Druid's syntax error code. */
    static final int SYNTAX_ERROR = 1001;

    /**
     * The violation codes that one blacklist property alone produces. Codes several properties share are left out:
     * 2100 (a WHERE or HAVING that is always true: select, update, delete), 2104 (an update or delete without WHERE),
     * 2200 (LIMIT 0, or a literal under {@code mustParameterized}).
     */
    private static final Map<Integer, String> PROPERTIES = Map.ofEntries(
            Map.entry(SYNTAX_ERROR, "strictSyntaxCheck"),
            Map.entry(1002, "selectAllow"),
            Map.entry(1003, "selectIntoAllow"),
            Map.entry(1004, "insertAllow"),
            Map.entry(1005, "deleteAllow"),
            Map.entry(1006, "updateAllow"),
            Map.entry(1010, "replaceAllow"),
            Map.entry(1100, "truncateAllow"),
            Map.entry(1101, "createTableAllow"),
            Map.entry(1102, "alterTableAllow"),
            Map.entry(1103, "dropTableAllow"),
            Map.entry(1104, "commentAllow"),
            Map.entry(1105, "renameTableAllow"),
            Map.entry(1106, "lockTableAllow"),
            Map.entry(1200, "setAllow"),
            Map.entry(1201, "describeAllow"),
            Map.entry(1202, "showAllow"),
            Map.entry(1203, "useAllow"),
            Map.entry(1300, "callAllow"),
            Map.entry(1301, "commitAllow"),
            Map.entry(1302, "rollbackAllow"),
            Map.entry(1303, "startTransactionAllow"),
            Map.entry(1999, "noneBaseStatementAllow"),
            Map.entry(2201, "multiStatementAllow"),
            Map.entry(3000, "selectIntoOutfileAllow"));

    static WallViolation of(int code, String message, boolean syntaxError) {
        boolean syntax = syntaxError || code == SYNTAX_ERROR;
        return new WallViolation(code, message, PROPERTIES.get(syntax ? SYNTAX_ERROR : code), syntax);
    }

    /** {@code delete none condition not allow (Druid wall 2104)}, with the property when one alone governs it. */
    public String describe() {
        return message + " (Druid wall " + code + (property == null ? "" : ", " + property) + ")";
    }
}
