package io.tessera.backend.health;

/**
 * One heartbeat that the server answered, as {@code show @@heartbeat.detail} and {@code show @@datasource.syndetail}
 * list them.
 *
 * @param atMillis when the answer arrived, in epoch milliseconds of the pool's clock
 * @param roundTripMillis how long the check took
 * @param secondsBehind the answer's {@code Seconds_Behind_Master}; -1 when the heartbeat does not read replication or
 *     the lag was NULL
 */
public record HeartbeatSample(long atMillis, long roundTripMillis, long secondsBehind) {
}
