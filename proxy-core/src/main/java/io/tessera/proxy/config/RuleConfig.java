package io.tessera.proxy.config;

import java.util.Objects;

/**
 * A {@code <rule>} of a {@link TableRuleConfig}.
 *
 * @param column the sharding column from {@code <columns>}, as written (MyCat 1.6 takes one column; it
 *     compares column names without regard to case)
 * @param algorithm the {@code <function>} name from {@code <algorithm>}
 */
public record RuleConfig(String column, String algorithm) {

    public RuleConfig {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(algorithm, "algorithm");
    }
}
