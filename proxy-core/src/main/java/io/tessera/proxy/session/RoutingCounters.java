package io.tessera.proxy.session;

/**
 * What parsing and routing cost on one processor (event loop), as MyCat's {@code show @@parser} and
 * {@code show @@router} report them: statements parsed, taken from the route cache, and routed, the time spent and
 * the longest. The statement pipeline runs on its client's event loop, so only that loop writes, with plain fields;
 * the admin port reads possibly stale values.
 */
public final class RoutingCounters {

    private long parses;
    private long parseNanos;
    private long maxParseNanos;
    private long maxParseConnection;
    private long cachedRoutes;
    private long routes;
    private long routeNanos;
    private long maxRouteNanos;
    private long maxRouteConnection;

    /** A statement of connection {@code connectionId} was parsed in {@code nanos}. */
    public void parsed(long nanos, long connectionId) {
        parses++;
        parseNanos += nanos;
        if (nanos > maxParseNanos) {
            maxParseNanos = nanos;
            maxParseConnection = connectionId;
        }
    }

    /** A statement took its plan from the route cache: neither parsed nor routed. */
    public void cachedRoute() {
        cachedRoutes++;
    }

    /** A statement of connection {@code connectionId} was routed (planned) in {@code nanos}. */
    public void routed(long nanos, long connectionId) {
        routes++;
        routeNanos += nanos;
        if (nanos > maxRouteNanos) {
            maxRouteNanos = nanos;
            maxRouteConnection = connectionId;
        }
    }

    public long parses() {
        return parses;
    }

    public long parseNanos() {
        return parseNanos;
    }

    public long maxParseNanos() {
        return maxParseNanos;
    }

    public long maxParseConnection() {
        return maxParseConnection;
    }

    public long cachedRoutes() {
        return cachedRoutes;
    }

    public long routes() {
        return routes;
    }

    public long routeNanos() {
        return routeNanos;
    }

    public long maxRouteNanos() {
        return maxRouteNanos;
    }

    public long maxRouteConnection() {
        return maxRouteConnection;
    }
}
