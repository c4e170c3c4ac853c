package io.tessera.proxy.exec;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every data node by name, as configured. Immutable. */
public final class DataNodes {

    private final Map<String, DataNode> byName;

    public DataNodes(List<DataNode> nodes) {
        LinkedHashMap<String, DataNode> map = new LinkedHashMap<>();
        nodes.forEach(n -> map.put(n.name(), n));
        this.byName = java.util.Collections.unmodifiableMap(map);
    }

    public DataNode get(String name) {
        DataNode node = byName.get(name);
        if (node == null) {
            throw new TesseraException(ErrorCode.UNKNOWN_ERROR, "unknown data node '" + name + "'");
        }
        return node;
    }

    public Collection<DataNode> all() {
        return byName.values();
    }
}
