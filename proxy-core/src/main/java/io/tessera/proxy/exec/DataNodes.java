package io.tessera.proxy.exec;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.PhysicalDatabases;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every data node by name, as configured, and the logical names of their databases. Immutable. */
public final class DataNodes {

    private final Map<String, DataNode> byName;
    private final PhysicalDatabases physicalDatabases;

    /** Data nodes that no logical schema uses: each database stands for its data node's name. */
    public DataNodes(List<DataNode> nodes) {
        this(nodes, Map.of());
    }

    /** @param schemasByNode the logical schemas that use each data node, in the order of schema.xml */
    public DataNodes(List<DataNode> nodes, Map<String, List<String>> schemasByNode) {
        LinkedHashMap<String, DataNode> map = new LinkedHashMap<>();
        nodes.forEach(n -> map.put(n.name(), n));
        this.byName = Collections.unmodifiableMap(map);
        Map<String, String> databases = new LinkedHashMap<>();
        nodes.forEach(n -> databases.put(n.name(), n.database()));
        this.physicalDatabases = new PhysicalDatabases(databases, schemasByNode);
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

    /** The data nodes' databases, which clients read by the names of the logical schemas they stand for. */
    public PhysicalDatabases physicalDatabases() {
        return physicalDatabases;
    }
}
