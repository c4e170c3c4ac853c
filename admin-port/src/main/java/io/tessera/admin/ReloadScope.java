package io.tessera.admin;

/** How much of the configuration {@link AdminActions#reloadConfig} rebuilds: MyCat's two reload commands. */
public enum ReloadScope {

    /** {@code reload @@user}: server.xml's users and firewall; schemas and data hosts stay as they are. */
    USER,

    /**
     * {@code reload @@config}: users, schemas, tables, rules and the firewall; the data hosts, their pools and their
     * connections stay as they are.
     */
    BASIC,

    /** {@code reload @@config_all}: everything, the data hosts too (new pools; the old ones drain and close). */
    ALL
}
