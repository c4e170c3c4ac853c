package io.tessera.router.local;

import io.tessera.router.error.RouteException;

/**
 * One {@code name = value} of a {@code SET} statement.
 *
 * @param target the variable it assigns: a system variable lower-case without its scope ({@code sql_mode}), a user
 *     variable with its {@code @} ({@code @x}), or one of the pseudo-targets {@code names}, {@code character set},
 *     {@code charset}; {@code null} when the item is refused
 * @param kind what the value is; {@code null} when the item is refused
 * @param sql the value as MySQL text ({@code 'utf8mb4'}, {@code 1}, {@code CONCAT(@@sql_mode, ',ANSI')})
 * @param charset for {@code SET NAMES} and {@code SET CHARACTER SET}: the character set the value names, unquoted;
 *     {@code null} when the value names none, or for other targets
 * @param collation for {@code SET NAMES x COLLATE y}: {@code y}, unquoted; otherwise {@code null}
 * @param refusal why Tessera does not run this item ({@code SET GLOBAL}, a target it does not know), or {@code null}.
 *     The caller raises it when it reaches the item, after handling the items before it
 */
public record SetItem(String target, Kind kind, String sql, String charset, String collation, RouteException refusal) {

    /** What a value is, as far as setting it is concerned. */
    public enum Kind {
        /** A string, number or boolean literal, or a bare word ({@code ON}, {@code ANSI}): stored as written. */
        LITERAL,
        /** {@code NULL}. */
        NULL,
        /** {@code DEFAULT}: the variable goes back to its default. */
        DEFAULT,
        /** Anything else: evaluated on a data node first. */
        EXPRESSION;

        /** A value that can be stored as written: a literal or {@code NULL}. */
        public boolean literal() {
            return this == LITERAL || this == NULL;
        }
    }

    static SetItem refused(RouteException refusal) {
        return new SetItem(null, null, null, null, null, refusal);
    }
}
