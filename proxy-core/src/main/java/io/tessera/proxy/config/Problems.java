package io.tessera.proxy.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Collects what a load finds in the three files: the problems, which make it fail, and the notes: unknown names,
 * which become warnings, and names MyCat 1.6 knows and Tessera does not use, which are only logged at DEBUG. All
 * come out in document order: by file (server.xml, schema.xml, rule.xml), then line, then column, then the order
 * found.
 */
final class Problems {

    static final String SERVER_XML = "server.xml";
    static final String SCHEMA_XML = "schema.xml";
    static final String RULE_XML = "rule.xml";

    private static final List<String> FILE_ORDER = List.of(SERVER_XML, SCHEMA_XML, RULE_XML);
    private static final Logger LOG = LogManager.getLogger(ConfigLoader.class);

    private record Entry(Level level, int file, int line, int column, int sequence, String text) {
    }

    private static final Comparator<Entry> DOCUMENT_ORDER = Comparator.comparingInt(Entry::file)
            .thenComparingInt(Entry::line)
            .thenComparingInt(Entry::column)
            .thenComparingInt(Entry::sequence);

    private final List<Entry> problems = new ArrayList<>();
    private final List<Entry> notes = new ArrayList<>();

    /** A problem with an element: {@code file:line: <element ...>: detail}. */
    void add(Where where, String detail) {
        at(where.file(), where.line(), 0, where.element() + ": " + detail);
    }

    /** A problem at a position: {@code file:line:column: text}; a zero line or column is left out. */
    void at(String file, int line, int column, String text) {
        problems.add(entry(Level.ERROR, file, line, column, problems.size(), text));
    }

    /** A name Tessera does not know: a warning of the load. */
    void warn(String file, int line, String text) {
        notes.add(entry(Level.WARN, file, line, 0, notes.size(), text));
    }

    /** A name MyCat 1.6 knows and Tessera does not use: logged at DEBUG. */
    void debug(String file, int line, String text) {
        notes.add(entry(Level.DEBUG, file, line, 0, notes.size(), text));
    }

    /** How many problems were found so far; a mapper compares counts to see whether an element was clean. */
    int count() {
        return problems.size();
    }

    /**
     * Logs the DEBUG notes and returns the warnings; throws a {@link ConfigException} listing every problem, and
     * carrying the warnings, if there is a problem.
     */
    List<String> finish() {
        List<Entry> sorted = notes.stream().sorted(DOCUMENT_ORDER).toList();
        sorted.stream().filter(note -> note.level() == Level.DEBUG).forEach(note -> LOG.debug(note.text()));
        List<String> warnings = sorted.stream().filter(note -> note.level() == Level.WARN).map(Entry::text).toList();
        if (!problems.isEmpty()) {
            throw new ConfigException(problems.stream().sorted(DOCUMENT_ORDER).map(Entry::text).toList(), warnings);
        }
        return warnings;
    }

    private static Entry entry(Level level, String file, int line, int column, int sequence, String text) {
        StringBuilder message = new StringBuilder(file);
        if (line > 0) {
            message.append(':').append(line);
            if (column > 0) {
                message.append(':').append(column);
            }
        }
        message.append(": ").append(text);
        return new Entry(level, FILE_ORDER.indexOf(file), line, column, sequence, message.toString());
    }
}
