package io.tessera.router.parse;

import com.alibaba.druid.sql.SQLUtils;

/** Names as the router reads them, for callers that hold a name as text rather than in a statement's tree. */
public final class SqlNames {

    private SqlNames() {
    }

    /**
     * A name as MySQL reads it: without the backticks, double quotes or brackets around it, as the router reads every
     * name in a statement (Druid's {@code SQLUtils.normalize}); {@code null} stays {@code null}.
     */
    public static String normalize(String name) {
        return SQLUtils.normalize(name);
    }
}
