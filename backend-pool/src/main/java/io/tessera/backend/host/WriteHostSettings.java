package io.tessera.backend.host;

import io.tessera.backend.pool.ServerSettings;
import java.util.List;
import java.util.Objects;

/**
 * A {@code <writeHost>}: a server that takes writes, with its read hosts.
 *
 * @param name its {@code host} attribute in schema.xml, e.g. {@code hostM1}
 * @param server how to reach it, with its pool and heartbeat
 * @param readHosts its {@code <readHost>}s in document order
 */
public record WriteHostSettings(String name, ServerSettings server, List<ReadHostSettings> readHosts) {

    public WriteHostSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        readHosts = List.copyOf(readHosts);
    }
}
