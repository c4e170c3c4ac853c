package io.tessera.router.model;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every logical schema, by exact name (schema names are case-sensitive, as database names are in MySQL on Linux). */
public final class SchemaCatalog {

    private final Map<String, LogicalSchema> schemas;

    public SchemaCatalog(List<LogicalSchema> schemas) {
        LinkedHashMap<String, LogicalSchema> map = new LinkedHashMap<>();
        schemas.forEach(s -> map.put(s.name(), s));
        this.schemas = java.util.Collections.unmodifiableMap(map);
    }

    public Optional<LogicalSchema> schema(String name) {
        return Optional.ofNullable(schemas.get(name));
    }

    public Collection<LogicalSchema> schemas() {
        return schemas.values();
    }
}
