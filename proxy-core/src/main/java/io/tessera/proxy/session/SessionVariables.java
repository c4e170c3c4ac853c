package io.tessera.proxy.session;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The session's own values of system variables and its user variables, each as a SQL literal ready to be put
 * on a backend connection ({@code 'STRICT_TRANS_TABLES,...'}, {@code 42}, {@code NULL}). Names are lower-case;
 * user variables keep their {@code @} prefix.
 */
public final class SessionVariables {

    private final Map<String, String> values = new LinkedHashMap<>();

    public void set(String name, String literal) {
        values.put(name.toLowerCase(Locale.ROOT), literal);
    }

    public String get(String name) {
        return values.get(name.toLowerCase(Locale.ROOT));
    }

    public void remove(String name) {
        values.remove(name.toLowerCase(Locale.ROOT));
    }

    public Map<String, String> asMap() {
        return Collections.unmodifiableMap(values);
    }

    public void clear() {
        values.clear();
    }
}
