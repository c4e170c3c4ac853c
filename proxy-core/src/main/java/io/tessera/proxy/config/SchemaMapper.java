package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.SCHEMA_XML;
import static java.util.Objects.requireNonNullElse;

import io.tessera.proxy.config.SchemaXml.ChildTableXml;
import io.tessera.proxy.config.SchemaXml.DataNodeXml;
import io.tessera.proxy.config.SchemaXml.LogicalSchemaXml;
import io.tessera.proxy.config.SchemaXml.TableXml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks schema.xml and maps it onto {@link SchemaConfig}, {@link DataNodeConfig} and {@link DataHostConfig},
 * following MyCat 1.6's {@code XMLSchemaLoader}: data hosts first, then data nodes, then schemas. A table's
 * {@code rule} is left to {@link ConfigLoader} as a {@link Reference} into rule.xml.
 */
final class SchemaMapper {

    private static final String DISTRIBUTE = "distribute(";

    private final Values values;
    private final Problems problems;
    private final List<Reference> references;
    private final DataHostXmlMapper dataHosts;
    private final Map<String, Integer> dataNodeLines = new HashMap<>();
    private final Map<String, String> dataNodeHosts = new HashMap<>();
    private final Map<String, DataNodeConfig> dataNodes = new LinkedHashMap<>();
    private final Map<String, Integer> schemaLines = new LinkedHashMap<>();
    private final Map<String, SchemaConfig> schemas = new LinkedHashMap<>();

    /** What schema.xml defines. {@code schemaNames} holds every name declared, valid element or not. */
    record Schemas(Map<String, SchemaConfig> schemas, Map<String, DataNodeConfig> dataNodes,
            Map<String, DataHostConfig> dataHosts, Set<String> schemaNames) {
    }

    SchemaMapper(Values values, List<Reference> references, Path confDir) {
        this.values = values;
        this.problems = values.problems();
        this.references = references;
        this.dataHosts = new DataHostXmlMapper(values, confDir);
    }

    Schemas map(SchemaXml xml) {
        xml.dataHosts.forEach(dataHosts::map);
        xml.dataNodes.forEach(this::dataNode);
        xml.schemas.forEach(this::schema);
        return new Schemas(schemas, dataNodes, dataHosts.mapped(), schemaLines.keySet());
    }

    // ---- <dataNode> ----------------------------------------------------------------------------------------

    private void dataNode(DataNodeXml xml) {
        Where where = Where.of(SCHEMA_XML, xml, Where.tag("dataNode", "name", xml.name));
        List<String> names = expand(where, "name", values.required(where, "name", xml.name));
        Set<String> claimed = new HashSet<>();
        for (String name : names) {
            Integer first = dataNodeLines.putIfAbsent(name, xml.line());
            if (first == null) {
                claimed.add(name);
            } else {
                problems.add(where, "name \"" + xml.name + "\": data node \"" + name + "\" already defined at line "
                        + first);
            }
        }
        int before = problems.count();
        List<String> hosts = expand(where, "dataHost", values.required(where, "dataHost", xml.dataHost));
        List<String> databases = expand(where, "database", values.required(where, "database", xml.database));
        if (names.isEmpty() || problems.count() != before) {
            return;
        }
        // XMLSchemaLoader.loadDataNodes: every data host gets every database, host by host, and the names
        // take those pairs in order: dn$1-4 / host$1-2 / db$1-2 -> (host1,db1) (host1,db2) (host2,db1) ...
        int pairs = hosts.size() * databases.size();
        if (names.size() != pairs) {
            problems.add(where, "name \"" + xml.name + "\" gives " + count(names.size(), "data node")
                    + ", but dataHost \"" + xml.dataHost + "\" and database \"" + xml.database + "\" give "
                    + hosts.size() + " x " + databases.size() + " = " + count(pairs, "pair")
                    + " (MyCat pairs every data host with every database, host by host)");
            return;
        }
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            String host = hosts.get(i / databases.size());
            if (!dataHosts.isDeclared(host)) {
                problems.add(where, "dataHost \"" + xml.dataHost + "\": no <dataHost name=\"" + host + "\">");
            } else if (claimed.contains(name)) {
                dataNodeHosts.put(name, host);
                dataNodes.put(name, new DataNodeConfig(name, host, databases.get(i % databases.size())));
            }
        }
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private List<String> expand(Where where, String attribute, String value) {
        if (value == null) {
            return List.of();
        }
        try {
            List<String> names = NodeNames.expand(value);
            if (names.isEmpty()) {
                problems.add(where, attribute + " \"" + value + "\": names nothing");
            }
            return names;
        } catch (InvalidValueException e) {
            problems.add(where, attribute + " \"" + value + "\": " + e.getMessage());
            return List.of();
        }
    }

    // ---- <schema> ------------------------------------------------------------------------------------------

    private void schema(LogicalSchemaXml xml) {
        int before = problems.count();
        Where where = Where.of(SCHEMA_XML, xml, Where.tag("schema", "name", xml.name));
        String name = values.required(where, "name", xml.name);
        if (name != null) {
            values.unique(schemaLines, name, xml, where, "schema");
        }
        boolean checkSqlSchema = requireNonNullElse(values.bool(where, "checkSQLschema", xml.checkSQLschema), false);
        Integer sqlMaxLimit = values.integer(where, "sqlMaxLimit", xml.sqlMaxLimit, -1, Integer.MAX_VALUE);
        if (sqlMaxLimit != null && sqlMaxLimit == 0) {
            problems.add(where, "sqlMaxLimit \"" + xml.sqlMaxLimit + "\": expected -1 (no limit) or >= 1");
        }
        String dataNode = Values.optional(xml.dataNode);
        if (dataNode != null) {
            knownDataNode(where, "dataNode", dataNode);
        }
        String randomDataNode = Values.optional(xml.randomDataNode);
        if (randomDataNode != null) {
            knownDataNode(where, "randomDataNode", randomDataNode);
        }
        if (xml.tables.isEmpty() && dataNode == null) {
            problems.add(where, "no <table> and no dataNode: a schema needs one or the other");
        }
        Map<String, Integer> tableLines = new HashMap<>();
        Map<String, TableConfig> tables = new LinkedHashMap<>();
        for (TableXml table : xml.tables) {
            table(where, table, tableLines, tables);
        }
        if (problems.count() == before) {
            schemas.put(name, new SchemaConfig(name, checkSqlSchema, requireNonNullElse(sqlMaxLimit, -1), dataNode,
                    randomDataNode, tables));
        }
    }

    private void knownDataNode(Where where, String attribute, String dataNode) {
        if (!dataNodeLines.containsKey(dataNode)) {
            problems.add(where, attribute + " \"" + dataNode + "\": no <dataNode name=\"" + dataNode + "\">");
        }
    }

    private void table(Where schema, TableXml xml, Map<String, Integer> tableLines, Map<String, TableConfig> out) {
        int before = problems.count();
        Where where = schema.child(xml, Where.tag("table", "name", xml.name));
        List<String> names = tableNames(where, xml);
        // MyCat splits a comma list of names whether splitTableNames is set or not; the flag is only checked.
        values.bool(where, "splitTableNames", xml.splitTableNames);
        List<String> nodes = tableDataNodes(where, xml.dataNode);
        String rule = Values.optional(xml.rule);
        if (rule != null) {
            references.add(new Reference(where, "rule", rule, Problems.RULE_XML, "tableRule"));
        }
        boolean ruleRequired = requireNonNullElse(values.bool(where, "ruleRequired", xml.ruleRequired), false);
        boolean autoIncrement = requireNonNullElse(values.bool(where, "autoIncrement", xml.autoIncrement), false);
        boolean needAddLimit = requireNonNullElse(values.bool(where, "needAddLimit", xml.needAddLimit), true);
        String type = Values.optional(xml.type);
        boolean global = type != null && type.equalsIgnoreCase("global");
        if (type != null && !global) {
            problems.add(where, "type \"" + xml.type + "\": expected global (or no type)");
        }
        String subTableList = Values.optional(xml.subTables);
        List<String> subTables = subTableList == null ? List.of() : expand(where, "subTables", subTableList);
        TableType tableType;
        if (global) {
            tableType = TableType.GLOBAL;
            if (rule != null) {
                problems.add(where, "rule \"" + rule + "\": a global table takes no rule");
            }
        } else if (rule != null) {
            tableType = TableType.SHARDED;
        } else {
            tableType = TableType.SINGLE_NODE;
            if (nodes.size() > 1) {
                problems.add(where, "dataNode \"" + xml.dataNode + "\": a table on " + nodes.size()
                        + " data nodes needs a rule (or type=\"global\")");
            }
        }
        if (ruleRequired && rule == null) {
            problems.add(where, "ruleRequired \"" + xml.ruleRequired + "\": the table has no rule");
        }
        if (names.size() > 1 && !xml.childTables.isEmpty()) {
            problems.add(where, "<childTable> needs a single table name, not a list");
        }
        for (String name : names) {
            unique(tableLines, SchemaConfig.key(name), name, xml, where);
        }
        List<ChildTableConfig> children = new ArrayList<>();
        for (ChildTableXml child : xml.childTables) {
            ChildTableConfig config = childTable(where, child, tableLines);
            if (config != null) {
                children.add(config);
            }
        }
        if (problems.count() == before) {
            for (String name : names) {
                out.put(SchemaConfig.key(name), new TableConfig(name, nodes, global ? null : rule, tableType,
                        Values.optional(xml.primaryKey), autoIncrement, needAddLimit, ruleRequired, subTables,
                        children));
            }
        }
    }

    private List<String> tableNames(Where where, TableXml xml) {
        String name = values.required(where, "name", xml.name);
        if (name == null) {
            return List.of();
        }
        try {
            List<String> names = TableNames.split(name);
            String suffix = Values.optional(xml.nameSuffix);
            if (suffix == null) {
                return names;
            }
            if (names.size() > 1) {
                problems.add(where, "nameSuffix \"" + xml.nameSuffix + "\": needs a single table name, not a list");
                return names;
            }
            try {
                return TableNames.withSuffix(names.get(0), suffix);
            } catch (InvalidValueException e) {
                problems.add(where, "nameSuffix \"" + xml.nameSuffix + "\": " + e.getMessage());
                return names;
            }
        } catch (InvalidValueException e) {
            problems.add(where, "name \"" + xml.name + "\": " + e.getMessage());
            return List.of();
        }
    }

    /** The table's data nodes: expanded, each defined, none twice, and reordered for {@code distribute(...)}. */
    private List<String> tableDataNodes(Where where, String dataNode) {
        String list = values.required(where, "dataNode", dataNode);
        if (list == null) {
            return List.of();
        }
        boolean distribute = list.startsWith(DISTRIBUTE);
        if (distribute) {
            if (!list.endsWith(")")) {
                problems.add(where, "dataNode \"" + dataNode + "\": expected distribute(<data nodes>)");
                return List.of();
            }
            list = list.substring(DISTRIBUTE.length(), list.length() - 1);
        }
        List<String> nodes = expand(where, "dataNode", list);
        Set<String> seen = new HashSet<>();
        for (String node : nodes) {
            if (!seen.add(node)) {
                problems.add(where, "dataNode \"" + dataNode + "\": \"" + node + "\" listed twice");
            } else if (!dataNodeLines.containsKey(node)) {
                problems.add(where, "dataNode \"" + dataNode + "\": no <dataNode name=\"" + node + "\">");
            }
        }
        return distribute && dataNodeHosts.keySet().containsAll(nodes) ? distribute(nodes) : nodes;
    }

    /**
     * MyCat's {@code distribute(...)} ({@code XMLSchemaLoader.distributeDataNodes}): the nodes are grouped by
     * data host and then taken one per host in turn, so that consecutive node indexes land on different hosts.
     * The hosts are visited in the iteration order of a {@link HashMap} created with the number of data hosts
     * as its capacity, exactly as MyCat does; rows placed by MyCat are found where it put them.
     */
    private List<String> distribute(List<String> nodes) {
        Map<String, List<String>> byHost = new HashMap<>(dataHosts.declaredCount());
        for (String node : nodes) {
            byHost.computeIfAbsent(dataNodeHosts.get(node), host -> new ArrayList<>()).add(node);
        }
        List<String> result = new ArrayList<>(nodes.size());
        boolean more = true;
        for (int round = 0; more; round++) {
            more = false;
            for (List<String> hostNodes : byHost.values()) {
                if (round < hostNodes.size()) {
                    result.add(hostNodes.get(round));
                    more = true;
                }
            }
        }
        return result;
    }

    private ChildTableConfig childTable(Where parent, ChildTableXml xml, Map<String, Integer> tableLines) {
        int before = problems.count();
        Where where = parent.child(xml, Where.tag("childTable", "name", xml.name));
        String name = values.required(where, "name", xml.name);
        if (name != null) {
            unique(tableLines, SchemaConfig.key(name), name, xml, where);
        }
        String joinKey = values.required(where, "joinKey", xml.joinKey);
        String parentKey = values.required(where, "parentKey", xml.parentKey);
        boolean autoIncrement = requireNonNullElse(values.bool(where, "autoIncrement", xml.autoIncrement), false);
        boolean needAddLimit = requireNonNullElse(values.bool(where, "needAddLimit", xml.needAddLimit), true);
        List<ChildTableConfig> children = new ArrayList<>();
        for (ChildTableXml child : xml.childTables) {
            ChildTableConfig config = childTable(where, child, tableLines);
            if (config != null) {
                children.add(config);
            }
        }
        if (problems.count() != before) {
            return null;
        }
        return new ChildTableConfig(name, joinKey, parentKey, Values.optional(xml.primaryKey), autoIncrement,
                needAddLimit, children);
    }

    // ---- names ---------------------------------------------------------------------------------------------

    /** Tables and child tables of one schema share one name space, without regard to case. */
    private void unique(Map<String, Integer> lines, String key, String name, XmlElement xml, Where where) {
        Integer first = lines.putIfAbsent(key, xml.line());
        if (first != null) {
            problems.add(where, "name \"" + name + "\": a table of that name is already defined at line " + first);
        }
    }
}
