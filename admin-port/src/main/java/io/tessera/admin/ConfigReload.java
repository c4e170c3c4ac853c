package io.tessera.admin;

import java.util.List;
import java.util.Objects;

/**
 * A configuration reload or rollback that succeeded (MyCat answers OK, 1 row, "Reload config success").
 *
 * @param scope        what was rebuilt ({@link ReloadScope#ALL} for a rollback)
 * @param loadedMillis when the new configuration took effect, in epoch milliseconds ({@code show @@server}
 *                     RELOAD_TIME from then on)
 * @param notes        the changes in {@code conf/} the scope left out (e.g. {@code <system>}, which takes a restart)
 */
public record ConfigReload(ReloadScope scope, long loadedMillis, List<String> notes) {

    public ConfigReload {
        Objects.requireNonNull(scope, "scope");
        notes = List.copyOf(notes);
    }
}
