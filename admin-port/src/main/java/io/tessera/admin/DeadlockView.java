package io.tessera.admin;

/**
 * What the deadlock detector has found since the start, as {@code show @@deadlock} reports it.
 *
 * @param detected          cycles of lock waits across data nodes found
 * @param victims           transactions rolled back to break them (their clients got 1213)
 * @param lastDetectMillis  how long the last cycle lasted before it was found
 * @param maxDetectMillis   the longest such time
 * @param checkPeriodMillis server.xml's {@code deadlockCheckPeriod} in force; 0: the detector is off
 */
public record DeadlockView(long detected, long victims, long lastDetectMillis, long maxDetectMillis,
        long checkPeriodMillis) {
}
