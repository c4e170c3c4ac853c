package io.tessera.admin;

/**
 * One heartbeat a data source answered ({@code show @@heartbeat.detail}, {@code show @@datasource.syndetail}).
 *
 * @param atMillis when the answer arrived, in epoch milliseconds
 * @param roundTripMillis how long the check took
 * @param secondsBehind the answer's {@code Seconds_Behind_Master}; -1 when the heartbeat does not read replication
 *     or the lag was NULL
 */
public record HeartbeatSample(long atMillis, long roundTripMillis, long secondsBehind) {
}
