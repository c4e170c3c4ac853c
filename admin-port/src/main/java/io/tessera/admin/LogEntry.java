package io.tessera.admin;

/**
 * One entry of Tessera's log file ({@code show @@syslog}): the line's timestamp and the rest of it, with the lines
 * that continue it (a stack trace) joined by newlines.
 *
 * @param date the timestamp the entry starts with, e.g. {@code 2026-11-26 23:40:01.123}
 * @param log the level, thread, logger and message after it
 */
public record LogEntry(String date, String log) {
}
