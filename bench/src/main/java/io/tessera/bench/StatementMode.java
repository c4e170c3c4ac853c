package io.tessera.bench;

/**
 * How Connector/J sends the workloads' statements: {@code prepared} as server-side prepared statements
 * (COM_STMT_PREPARE once per connection, then COM_STMT_EXECUTE with binary rows, as sysbench's
 * {@code --db-ps-mode=auto}), {@code text} as plain queries with the values inlined by the driver (COM_QUERY, as
 * {@code --db-ps-mode=disable} and Connector/J's default).
 */
enum StatementMode {
    PREPARED("prepared", "useServerPrepStmts=true&cachePrepStmts=true&prepStmtCacheSize=250"),
    TEXT("text", "useServerPrepStmts=false&cachePrepStmts=true&prepStmtCacheSize=250");

    private final String option;
    private final String urlProperties;

    StatementMode(String option, String urlProperties) {
        this.option = option;
        this.urlProperties = urlProperties;
    }

    String option() {
        return option;
    }

    /** {@code url} with this mode's Connector/J properties appended. */
    String apply(String url) {
        return url + (url.contains("?") ? "&" : "?") + urlProperties;
    }

    static StatementMode parse(String option) {
        for (StatementMode mode : values()) {
            if (mode.option.equals(option)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("--statements: " + option + " (expected: prepared or text)");
    }
}
