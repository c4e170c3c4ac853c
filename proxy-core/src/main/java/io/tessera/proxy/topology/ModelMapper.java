package io.tessera.proxy.topology;

import io.tessera.proxy.config.ChildTableConfig;
import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.FunctionConfig;
import io.tessera.proxy.config.RuleConfig;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.router.function.FunctionConfigException;
import io.tessera.router.function.FunctionProperties;
import io.tessera.router.function.FunctionRegistry;
import io.tessera.router.function.ShardingFunction;
import io.tessera.router.model.ErParent;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps schema.xml and rule.xml onto the router's model: builds each rule.xml function once (tables sharing it
 * share the instance, which is how the router knows they place rows alike) and checks that a function spreads
 * over as many data nodes as each of its tables has. An ER child table lives on its root table's nodes; when its
 * join key refers to the root's sharding column, the root's function places its rows by the join key.
 */
public final class ModelMapper {

    private final TesseraConfig config;
    private final FunctionRegistry registry = new FunctionRegistry();
    private final Map<String, ShardingFunction> functions = new HashMap<>();
    private final List<String> problems = new ArrayList<>();

    private ModelMapper(TesseraConfig config) {
        this.config = config;
    }

    /** @throws ConfigException listing every function that cannot be built or does not fit its tables */
    public static SchemaCatalog catalog(TesseraConfig config) {
        return new ModelMapper(config).map();
    }

    private SchemaCatalog map() {
        List<LogicalSchema> schemas = new ArrayList<>();
        for (SchemaConfig schema : config.schemas().values()) {
            List<LogicalTable> tables = new ArrayList<>();
            for (TableConfig table : schema.tables().values()) {
                TableKind kind = switch (table.type()) {
                    case GLOBAL -> TableKind.GLOBAL;
                    case SHARDED -> TableKind.SHARDED;
                    case SINGLE_NODE -> TableKind.SINGLE_NODE;
                };
                ShardingRule rule = kind == TableKind.SHARDED ? rule(table) : null;
                if (kind == TableKind.SHARDED && rule == null && table.dataNodes().size() > 1) {
                    continue; // reported in problems
                }
                tables.add(new LogicalTable(table.name(), kind, table.dataNodes(), rule, null, table.needAddLimit()));
                addChildren(tables, table.name(), table.childTables(), kind, table.dataNodes(), rule);
            }
            schemas.add(LogicalSchema.of(schema.name(), schema.dataNode(), schema.sqlMaxLimit(), tables));
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new SchemaCatalog(schemas);
    }

    private ShardingRule rule(TableConfig table) {
        RuleConfig rule = config.tableRules().get(table.rule()).rule();
        ShardingFunction function = function(rule.algorithm(), table.dataNodes().size());
        if (function == null) {
            return null;
        }
        if (function.nodeCount() > 0 && function.nodeCount() != table.dataNodes().size()) {
            problems.add("schema.xml: <table name=\"" + table.name() + "\">: rule \"" + table.rule() + "\": function \""
                    + rule.algorithm() + "\" spreads over " + function.nodeCount() + " data nodes, the table has "
                    + table.dataNodes().size() + " " + table.dataNodes());
        }
        return new ShardingRule(rule.column(), function);
    }

    /**
     * The function named in rule.xml, built once; one whose node count comes from its table (PartitionByCRC32PreSlot)
     * is built once per node count, with that count.
     */
    private ShardingFunction function(String name, int tableNodes) {
        FunctionConfig definition = config.functions().get(name);
        boolean perTable = FunctionRegistry.takesNodeCountFromTable(definition.className());
        String key = perTable ? name + "@" + tableNodes : name;
        if (functions.containsKey(key)) {
            return functions.get(key);
        }
        Map<String, String> properties = new HashMap<>(definition.properties());
        if (perTable) {
            properties.put("count", Integer.toString(tableNodes));
        }
        ShardingFunction function = null;
        try {
            function = registry.create(definition.className(), new FunctionProperties(name, properties,
                    config::resolve));
        } catch (FunctionConfigException e) {
            problems.add("rule.xml: <function name=\"" + name + "\">: " + e.getMessage());
        }
        functions.put(key, function);
        return function;
    }

    private static void addChildren(List<LogicalTable> tables, String parent, List<ChildTableConfig> children,
            TableKind kind, List<String> dataNodes, ShardingRule rootRule) {
        for (ChildTableConfig child : children) {
            ShardingRule rule = rootRule != null && rootRule.isColumn(child.parentKey())
                    ? new ShardingRule(child.joinKey(), rootRule.function()) : null;
            tables.add(new LogicalTable(child.name(), kind, dataNodes, rule,
                    new ErParent(parent, child.joinKey(), child.parentKey()), child.needAddLimit()));
            addChildren(tables, child.name(), child.childTables(), kind, dataNodes, null);
        }
    }
}
