package io.tessera.router.local;

/**
 * {@code SHOW GRANTS [FOR account]}.
 *
 * @param user the account's user name, unquoted; {@code null} for the current user (no {@code FOR}, or
 *     {@code FOR CURRENT_USER} / {@code CURRENT_USER()})
 * @param host the account's host, unquoted: {@code %} when {@code FOR} names a user without one, as in MySQL;
 *     {@code null} for the current user
 */
public record ShowGrants(String user, String host) {

    /** {@code SHOW GRANTS} of the current user. */
    public static final ShowGrants CURRENT_USER = new ShowGrants(null, null);

    public boolean currentUser() {
        return user == null;
    }
}
