package io.tessera.proxy;

import io.tessera.proxy.config.ChildTableConfig;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.TableKind;
import java.util.ArrayList;
import java.util.List;

/** Maps schema.xml onto the router's model. ER child tables live on their root table's data nodes. */
final class ModelMapper {

    private ModelMapper() {
    }

    static SchemaCatalog catalog(TesseraConfig config) {
        List<LogicalSchema> schemas = new ArrayList<>();
        for (SchemaConfig schema : config.schemas().values()) {
            List<LogicalTable> tables = new ArrayList<>();
            for (TableConfig table : schema.tables().values()) {
                TableKind kind = switch (table.type()) {
                    case GLOBAL -> TableKind.GLOBAL;
                    case SHARDED -> TableKind.SHARDED;
                    case SINGLE_NODE -> TableKind.SINGLE_NODE;
                };
                tables.add(new LogicalTable(table.name(), kind, table.dataNodes()));
                addChildren(tables, table.childTables(), kind, table.dataNodes());
            }
            schemas.add(LogicalSchema.of(schema.name(), schema.dataNode(), tables));
        }
        return new SchemaCatalog(schemas);
    }

    private static void addChildren(List<LogicalTable> tables, List<ChildTableConfig> children, TableKind kind,
            List<String> dataNodes) {
        for (ChildTableConfig child : children) {
            tables.add(new LogicalTable(child.name(), kind, dataNodes));
            addChildren(tables, child.childTables(), kind, dataNodes);
        }
    }
}
