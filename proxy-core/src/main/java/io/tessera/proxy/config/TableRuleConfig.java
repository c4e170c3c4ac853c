package io.tessera.proxy.config;

import java.util.List;
import java.util.Objects;

/**
 * A rule.xml {@code <tableRule>}: how a sharded table picks the data node of a row.
 *
 * @param name the name tables refer to with {@code rule="..."}
 * @param rules the {@code <rule>} elements; MyCat 1.6 allows exactly one, so this list has one element
 */
public record TableRuleConfig(String name, List<RuleConfig> rules) {

    public TableRuleConfig {
        Objects.requireNonNull(name, "name");
        rules = List.copyOf(rules);
        if (rules.size() != 1) {
            throw new IllegalArgumentException("rules: " + rules.size() + " (expected: 1)");
        }
    }

    /** The one rule. */
    public RuleConfig rule() {
        return rules.get(0);
    }
}
