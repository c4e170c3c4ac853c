package io.tessera.backend.host;

import io.tessera.backend.pool.ServerSettings;
import java.util.List;
import java.util.Objects;

/**
 * A {@code <writeHost>}: a server that takes writes, with its read hosts.
 *
 * @param name its {@code host} attribute in schema.xml, e.g. {@code hostM1}
 * @param server how to reach it, with its pool and heartbeat
 * @param weight its share of the reads when it may take them ({@code ReadBalancer}); 0 or more
 * @param readHosts its {@code <readHost>}s in document order
 */
public record WriteHostSettings(String name, ServerSettings server, int weight, List<ReadHostSettings> readHosts) {

    public WriteHostSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        if (weight < 0) {
            throw new IllegalArgumentException("weight: " + weight + " (expected: >= 0)");
        }
        readHosts = List.copyOf(readHosts);
    }

    /** A write host with weight 0, MyCat's default. */
    public WriteHostSettings(String name, ServerSettings server, List<ReadHostSettings> readHosts) {
        this(name, server, 0, readHosts);
    }
}
