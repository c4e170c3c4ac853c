package io.tessera.backend.host;

import io.tessera.backend.pool.ServerSettings;
import java.util.Objects;

/**
 * A {@code <readHost>}: a replica of its write host.
 *
 * @param name its {@code host} attribute in schema.xml, e.g. {@code hostS1}
 * @param server how to reach it, with its pool and heartbeat
 */
public record ReadHostSettings(String name, ServerSettings server) {

    public ReadHostSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
    }
}
