package io.tessera.admin;

import java.util.Objects;

/**
 * A configuration reload that succeeded (MyCat answers OK, 1 row, "Reload config success").
 *
 * @param scope        what was rebuilt
 * @param loadedMillis when the new configuration took effect, in epoch milliseconds ({@code show @@server}
 *                     RELOAD_TIME from then on)
 */
public record ConfigReload(ReloadScope scope, long loadedMillis) {

    public ConfigReload {
        Objects.requireNonNull(scope, "scope");
    }
}
