package io.tessera.admin;

/**
 * What parsing and routing cost on one processor (event loop) of the 8066 port since the start, as
 * {@code show @@parser} and {@code show @@router} report them. Times are nanoseconds.
 *
 * @param processor          the event loop, {@code Processor0}, ... as in {@link ConnectionView#processor()}
 * @param parses             statements parsed
 * @param maxParseConnection the connection id of the statement whose parse took longest (Tessera has no statement
 *                           ids; MyCat's column is MAX_PARSE_SQL_ID)
 * @param cachedRoutes       statements that took their plan from the route cache, neither parsed nor routed
 * @param routes             statements routed (planned)
 * @param maxRouteConnection the connection id of the statement whose routing took longest
 */
public record RoutingCounts(String processor, long parses, long parseNanos, long maxParseNanos,
        long maxParseConnection, long cachedRoutes, long routes, long routeNanos, long maxRouteNanos,
        long maxRouteConnection) {
}
