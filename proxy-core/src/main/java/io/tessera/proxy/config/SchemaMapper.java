package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.SCHEMA_XML;
import static java.util.Objects.requireNonNullElse;

import io.tessera.backend.host.Balance;
import io.tessera.backend.host.SwitchType;
import io.tessera.backend.host.WriteType;
import io.tessera.proxy.config.DataHostConfig.DbDriver;
import io.tessera.proxy.config.SchemaXml.ChildTableXml;
import io.tessera.proxy.config.SchemaXml.DataHostXml;
import io.tessera.proxy.config.SchemaXml.DataNodeXml;
import io.tessera.proxy.config.SchemaXml.DbHostXml;
import io.tessera.proxy.config.SchemaXml.LogicalSchemaXml;
import io.tessera.proxy.config.SchemaXml.ReadHostXml;
import io.tessera.proxy.config.SchemaXml.TableXml;
import io.tessera.proxy.config.SchemaXml.WriteHostXml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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

    private final HostTlsMapper hostTls;
    private final Map<String, Integer> dataHostLines = new HashMap<>();
    private final Map<String, DataHostConfig> dataHosts = new LinkedHashMap<>();
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
        this.hostTls = new HostTlsMapper(values, confDir);
    }

    Schemas map(SchemaXml xml) {
        xml.dataHosts.forEach(this::dataHost);
        xml.dataNodes.forEach(this::dataNode);
        xml.schemas.forEach(this::schema);
        return new Schemas(schemas, dataNodes, dataHosts, schemaLines.keySet());
    }

    // ---- <dataHost> ----------------------------------------------------------------------------------------

    private void dataHost(DataHostXml xml) {
        int before = problems.count();
        Where where = Where.of(SCHEMA_XML, xml, Where.tag("dataHost", "name", xml.name));
        String name = values.required(where, "name", xml.name);
        if (name != null) {
            unique(dataHostLines, name, xml, where, "dataHost");
        }
        Integer maxCon = values.requiredInteger(where, "maxCon", xml.maxCon, 1, Integer.MAX_VALUE);
        Integer minCon = values.requiredInteger(where, "minCon", xml.minCon, 0, Integer.MAX_VALUE);
        if (maxCon != null && minCon != null && minCon > maxCon) {
            problems.add(where, "minCon \"" + xml.minCon + "\": greater than maxCon \"" + xml.maxCon + "\"");
        }
        Integer balance = values.requiredInteger(where, "balance", xml.balance, 0, 3);
        int balanceType = requireNonNullElse(values.integer(where, "balanceType", xml.balanceType, 0, 2), 0);
        int writeType = requireNonNullElse(values.integer(where, "writeType", xml.writeType, 0, 2), 0);
        int switchType = requireNonNullElse(values.integer(where, "switchType", xml.switchType, -1, 3), -1);
        int slaveThreshold = requireNonNullElse(
                values.integer(where, "slaveThreshold", xml.slaveThreshold, -1, Integer.MAX_VALUE), -1);
        boolean tempReadHostAvailable = requireNonNullElse(
                values.flag(where, "tempReadHostAvailable", xml.tempReadHostAvailable), false);
        int maxRetryCount = requireNonNullElse(
                values.integer(where, "maxRetryCount", xml.maxRetryCount, 0, Integer.MAX_VALUE), 3);
        String dbType = values.required(where, "dbType", xml.dbType);
        DbDriver driver = driver(where, values.required(where, "dbDriver", xml.dbDriver));
        if (driver == DbDriver.NATIVE && dbType != null && !dbType.equalsIgnoreCase("mysql")) {
            problems.add(where, "dbType \"" + xml.dbType + "\": dbDriver=\"native\" reaches MySQL only;"
                    + " use dbType=\"mysql\" or dbDriver=\"jdbc\"");
        }
        String heartbeat = "";
        if (xml.heartbeats.isEmpty()) {
            problems.add(where, "missing required element <heartbeat>");
        } else {
            heartbeat = xml.heartbeats.get(0).trimmed();
            for (TextXml extra : xml.heartbeats.subList(1, xml.heartbeats.size())) {
                problems.add(where.child(extra, "<heartbeat>"), "only one <heartbeat> is allowed (first at line "
                        + xml.heartbeats.get(0).line() + ")");
            }
        }
        List<String> initSql = new ArrayList<>();
        xml.connectionInitSqls.forEach(sql -> initSql.add(sql.trimmed()));
        if (xml.writeHosts.isEmpty()) {
            problems.add(where, "no <writeHost>: a data host needs at least one");
        }
        List<WriteHostConfig> writeHosts = new ArrayList<>();
        Map<String, Integer> writeHostLines = new HashMap<>();
        for (WriteHostXml writeHost : xml.writeHosts) {
            WriteHostConfig host = writeHost(where, writeHost, driver, writeHostLines);
            if (host != null) {
                writeHosts.add(host);
            }
        }
        if (problems.count() == before) {
            dataHosts.put(name, new DataHostConfig(name, maxCon, minCon, Balance.of(balance), balanceType,
                    WriteType.of(writeType), SwitchType.of(switchType), slaveThreshold, dbType, driver, heartbeat,
                    initSql, writeHosts, tempReadHostAvailable, maxRetryCount));
        }
    }

    private DbDriver driver(Where where, String dbDriver) {
        if (dbDriver == null) {
            return null;
        }
        switch (dbDriver.toLowerCase(Locale.ROOT)) {
            case "native":
                return DbDriver.NATIVE;
            case "jdbc":
                return DbDriver.JDBC;
            default:
                problems.add(where, "dbDriver \"" + dbDriver + "\": expected native or jdbc");
                return null;
        }
    }

    private WriteHostConfig writeHost(Where dataHost, WriteHostXml xml, DbDriver driver,
            Map<String, Integer> hostLines) {
        int before = problems.count();
        Where where = dataHost.child(xml, Where.tag("writeHost", "host", xml.host));
        Backend backend = backend(where, xml, driver, hostLines, "<writeHost>");
        boolean checkAlive = requireNonNullElse(values.bool(where, "checkAlive", xml.checkAlive), true);
        List<ReadHostConfig> readHosts = new ArrayList<>();
        Map<String, Integer> readHostLines = new HashMap<>();
        for (ReadHostXml readHost : xml.readHosts) {
            Where readWhere = where.child(readHost, Where.tag("readHost", "host", readHost.host));
            Backend read = backend(readWhere, readHost, driver, readHostLines, "<readHost>");
            if (read != null) {
                readHosts.add(new ReadHostConfig(read.host, read.url, read.address.hostName(),
                        read.address.port(), read.user, read.password, read.usingDecrypt, read.weight, read.tls));
            }
        }
        if (backend == null || problems.count() != before) {
            return null;
        }
        return new WriteHostConfig(backend.host, backend.url, backend.address.hostName(), backend.address.port(),
                backend.user, backend.password, backend.usingDecrypt, checkAlive, backend.weight, backend.tls,
                readHosts);
    }

    /** What a write host and a read host share, checked; null when something is wrong (reported). */
    private record Backend(String host, String url, BackendUrl address, String user, String password,
            boolean usingDecrypt, int weight, HostTlsConfig tls) {
    }

    private Backend backend(Where where, DbHostXml xml, DbDriver driver, Map<String, Integer> hostLines,
            String element) {
        int before = problems.count();
        String host = values.required(where, "host", xml.host);
        if (host != null && hostLines.putIfAbsent(host, xml.line()) != null) {
            problems.add(where, "host \"" + host + "\": already used by the " + element + " at line "
                    + hostLines.get(host));
        }
        String url = values.required(where, "url", xml.url);
        BackendUrl address = null;
        if (url != null && driver != null) {
            try {
                address = BackendUrl.parse(driver, url);
            } catch (InvalidValueException e) {
                problems.add(where, "url \"" + xml.url + "\": " + e.getMessage());
            }
        }
        String user = values.required(where, "user", xml.user);
        boolean usingDecrypt = requireNonNullElse(values.flag(where, "usingDecrypt", xml.usingDecrypt), false);
        int weight = requireNonNullElse(values.integer(where, "weight", xml.weight, 0, Integer.MAX_VALUE), 0);
        HostTlsConfig tls = hostTls.map(where, driver, xml.sslMode, xml.sslCa);
        String password = xml.password;
        if (password == null) {
            problems.add(where, "missing required attribute password");
        } else if (usingDecrypt && host != null && user != null) {
            try {
                password = MycatDecrypt.hostPassword(host, user, password);
            } catch (InvalidValueException e) {
                problems.add(where, "password: " + e.getMessage() + " (usingDecrypt=\"1\")");
            }
        }
        if (problems.count() != before || address == null) {
            return null; // no address: the data host's dbDriver is wrong, and that is reported
        }
        return new Backend(host, url, address, user, password, usingDecrypt, weight, tls);
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
            if (!dataHostLines.containsKey(host)) {
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
            unique(schemaLines, name, xml, where, "schema");
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
        Map<String, List<String>> byHost = new HashMap<>(dataHostLines.size());
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

    /** Records the line where {@code name} is defined; a second definition is a problem. */
    private void unique(Map<String, Integer> lines, String name, XmlElement xml, Where where, String tag) {
        Integer first = lines.putIfAbsent(name, xml.line());
        if (first != null) {
            problems.add(where, "name \"" + name + "\": another <" + tag + "> has that name, at line " + first);
        }
    }

    /** Tables and child tables of one schema share one name space, without regard to case. */
    private void unique(Map<String, Integer> lines, String key, String name, XmlElement xml, Where where) {
        Integer first = lines.putIfAbsent(key, xml.line());
        if (first != null) {
            problems.add(where, "name \"" + name + "\": a table of that name is already defined at line " + first);
        }
    }
}
