package io.tessera.proxy.session;

import io.tessera.router.parse.StatementType;

/**
 * Told how long each client statement took and how it ended ({@link ClientChannel#statementStarted}): the metrics
 * endpoint's hook. Called once per statement, on the client's event loop; must not allocate.
 */
public interface QueryMeter {

    /**
     * A statement ended.
     *
     * @param type its type; {@link StatementType#OTHER} when it failed before it was classified (syntax errors)
     * @param ok whether its answer was a result or an OK, not an ERR
     * @param nanos from its text's arrival to the end of its answer
     */
    void record(StatementType type, boolean ok, long nanos);
}
