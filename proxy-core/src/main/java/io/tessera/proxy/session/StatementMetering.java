package io.tessera.proxy.session;

import io.tessera.router.parse.StatementType;

/**
 * The time of one client connection's current statement for the metrics endpoint, by its type and outcome
 * ({@link QueryMeter}); nothing is timed while the endpoint is off. Runs on the connection's event loop.
 */
final class StatementMetering {

    private final QueryMeter meter; // null while the metrics endpoint is off
    private StatementType type; // the current statement's, while one is metered; null otherwise
    private long since; // System.nanoTime() when it started

    StatementMetering(QueryMeter meter) {
        this.meter = meter;
    }

    void started() {
        if (meter != null) {
            type = StatementType.OTHER; // until it is parsed
            since = System.nanoTime();
        }
    }

    void type(StatementType type) {
        if (this.type != null) {
            this.type = type;
        }
    }

    void ended(boolean ok) {
        if (type != null) {
            meter.record(type, ok, System.nanoTime() - since);
            type = null;
        }
    }

    /** The statement was cut short (the client left): it is not metered. */
    void abandoned() {
        type = null;
    }
}
