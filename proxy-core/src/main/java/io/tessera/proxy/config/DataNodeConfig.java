package io.tessera.proxy.config;

import java.util.Objects;

/**
 * A data node: one database on one data host, i.e. a shard. A schema.xml {@code <dataNode>} with {@code $}
 * ranges gives several.
 *
 * @param name the data node name
 * @param dataHost the {@code <dataHost>} name
 * @param database the database on that host
 */
public record DataNodeConfig(String name, String dataHost, String database) {

    public DataNodeConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dataHost, "dataHost");
        Objects.requireNonNull(database, "database");
    }
}
