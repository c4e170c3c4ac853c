package io.tessera.proxy.config;

import java.util.List;

/**
 * The configuration in a {@code conf/} directory cannot be used. Carries every problem found, in document
 * order (server.xml, then schema.xml, then rule.xml); the message lists them one per line, each naming the
 * file, the line, the element and the rule broken, e.g.
 * {@code schema.xml:12: <table name="travelrecord">: dataNode "dn9": no <dataNode name="dn9">}.
 */
public final class ConfigException extends RuntimeException {

    private final List<String> problems;
    private final List<String> warnings;

    public ConfigException(List<String> problems) {
        this(problems, List.of());
    }

    /**
     * A failed load that also found warnings: what does not stop a load (unknown names) but may explain a problem.
     */
    public ConfigException(List<String> problems, List<String> warnings) {
        super(String.join("\n", problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("problems: [] (expected: at least one)");
        }
        this.problems = List.copyOf(problems);
        this.warnings = List.copyOf(warnings);
    }

    /** Every problem found, one line each, in document order. */
    public List<String> problems() {
        return problems;
    }

    /**
     * The warnings found before the load failed, in document order (a misspelt attribute is often why a required
     * one is missing); not part of the message.
     */
    public List<String> warnings() {
        return warnings;
    }
}
