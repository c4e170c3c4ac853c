package io.tessera.proxy.session;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The session's own values of system variables and its user variables, each as a SQL literal ready to be put
 * on a backend connection ({@code 'STRICT_TRANS_TABLES,...'}, {@code 42}, {@code NULL}). Names are lower-case;
 * user variables keep their {@code @} prefix. The transaction variables are kept under one name whichever a client
 * used ({@code transaction_isolation} is {@code tx_isolation}); each data host gets its own spelling.
 */
public final class SessionVariables {

    private static final Map<String, String> ALIASES = Map.of(
            "transaction_isolation", "tx_isolation",
            "transaction_read_only", "tx_read_only");

    private final Map<String, String> values = new LinkedHashMap<>();
    private int version;

    public void set(String name, String literal) {
        values.put(key(name), literal);
        version++;
    }

    public String get(String name) {
        return values.get(key(name));
    }

    public void remove(String name) {
        values.remove(key(name));
        version++;
    }

    /** Changes with every set, remove and clear: what was read of the values holds while it stays the same. */
    public int version() {
        return version;
    }

    private static String key(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return ALIASES.getOrDefault(lower, lower);
    }

    public Map<String, String> asMap() {
        return Collections.unmodifiableMap(values);
    }

    public void clear() {
        values.clear();
        version++;
    }
}
