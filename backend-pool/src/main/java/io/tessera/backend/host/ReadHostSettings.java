package io.tessera.backend.host;

import io.tessera.backend.pool.ServerSettings;
import java.util.Objects;

/**
 * A {@code <readHost>}: a replica of its write host.
 *
 * @param name its {@code host} attribute in schema.xml, e.g. {@code hostS1}
 * @param server how to reach it, with its pool and heartbeat
 * @param weight its share of the reads among the servers that may take them ({@code ReadBalancer}); 0 or more
 */
public record ReadHostSettings(String name, ServerSettings server, int weight) {

    public ReadHostSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        if (weight < 0) {
            throw new IllegalArgumentException("weight: " + weight + " (expected: >= 0)");
        }
    }

    /** A read host with weight 0, MyCat's default. */
    public ReadHostSettings(String name, ServerSettings server) {
        this(name, server, 0);
    }
}
