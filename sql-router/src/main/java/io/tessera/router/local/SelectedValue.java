package io.tessera.router.local;

/**
 * One item of a FROM-less {@code SELECT} of session values.
 *
 * @param label the column label: the alias, unquoted, or the item as MySQL text
 * @param name a system variable's name, lower-case without {@code @@} and scope ({@code sql_mode}), or a session
 *     function's name, lower-case ({@code database}, {@code connection_id})
 * @param function whether {@code name} is a function's
 */
public record SelectedValue(String label, String name, boolean function) {
}
