package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.SCHEMA_XML;
import static io.tessera.proxy.config.Problems.SERVER_XML;

import io.tessera.backend.health.HeartbeatCheck;
import io.tessera.backend.host.SwitchType;
import io.tessera.backend.host.WriteType;
import io.tessera.proxy.config.SystemConfig.TxIsolation;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The settings Tessera reads but does not act on yet, each with the condition under which MyCat 1.6 would behave
 * differently from Tessera, and what Tessera does instead. A configuration that uses one gets a warning per use,
 * {@code file: <element>: setting has no effect yet: what happens instead}, which {@link ConfigLoader} logs at WARN
 * on every load and {@code bin/tessera check} prints.
 *
 * <p>One warning is of another kind: a MyCat default that Tessera keeps although it is unsafe, every user's access
 * to the admin port while no user is marked as a manager.
 *
 * <p>This class is the only list of them: when a feature lands, delete its rules here (and the lines of the tests
 * that expect them), and its warnings are gone. A setting written with a value that changes nothing, such as
 * {@code balance="0"}, {@code switchType="1"} with a single write host or {@code readOnly="false"}, gives none, so
 * that MyCat's sample files stay quiet. The conditions read the checked configuration, so warnings name elements
 * by their names rather than by line. The values of {@code dnindex.properties} that Tessera cannot use are warned
 * about here too ({@link DnIndex}), since the data host then starts on its first write host.
 */
final class NotHonoured {

    private static final String NO_PRIMARY_KEY = "no primaryKey names the column a sequence would fill in";
    private static final String NO_SOCKET_BUFFERS =
            "the operating system's default socket buffer size applies (setting it is not built)";
    private static final String NO_SEQUENCE_RETRIES = "the database sequence neither retries nor waits between"
            + " tries: callers queue behind one block fetch, and a failed fetch fails them with the data node's error";
    private static final String NO_CONSISTENCY_CHECK = "the global table consistency check is not built";

    /** server.xml {@code <system>} properties, by name; each applies only when the property is written. */
    private static final Map<String, Rule<SystemConfig>> SYSTEM = Map.ofEntries(
            property("requireSecureTransport", SystemConfig::requireSecureTransport,
                    "on the admin port (managerPort), which has no TLS: its logins stay plaintext; the client port"
                            + " refuses them"),
            property("frontWriteQueueSize", system -> true,
                    "a client's pending output is bounded by Netty's write water marks (256 KiB to 1 MiB)"),
            property("frontSocketSoRcvbuf", system -> true, NO_SOCKET_BUFFERS),
            property("frontSocketSoSndbuf", system -> true, NO_SOCKET_BUFFERS),
            property("backSocketSoRcvbuf", system -> true, NO_SOCKET_BUFFERS),
            property("backSocketSoSndbuf", system -> true, NO_SOCKET_BUFFERS),
            property("backSocketNoDelay", system -> !system.backSocketNoDelay(),
                    "backend connections always use TCP_NODELAY"),
            property("sequnceMySqlRetryCount", system -> true, NO_SEQUENCE_RETRIES),
            property("sequnceMySqlWaitTime", system -> true, NO_SEQUENCE_RETRIES),
            property("charset", system -> !isUtf8(system.charset()),
                    "the handshake announces utf8mb4, and each session uses the character set its client asks for"),
            property("txIsolation", system -> system.txIsolation() != TxIsolation.REPEATABLE_READ,
                    "sessions start at the data hosts' own isolation level (SET TRANSACTION ISOLATION LEVEL works)"),
            property("nonePasswordLogin", SystemConfig::nonePasswordLogin,
                    "a client must give the password of the user it names (password-less login is not built)"),
            property("ignoreUnknownCommand", SystemConfig::ignoreUnknownCommand,
                    "an unknown protocol command still gets ERROR 1047"),
            property("useCompression", system -> isOne(system, "useCompression"),
                    "the compressed protocol is not offered to clients"),
            property("useGlobleTableCheck", system -> isOne(system, "useGlobleTableCheck"), NO_CONSISTENCY_CHECK),
            property("checkTableConsistency", system -> isOne(system, "checkTableConsistency"),
                    NO_CONSISTENCY_CHECK));


    private static final List<Rule<SchemaConfig>> SCHEMA = List.of(
            new Rule<>(schema -> schema.randomDataNode() != null
                    && !schema.randomDataNode().equals(nodeWithoutTables(schema)),
                    schema -> attribute("randomDataNode", schema.randomDataNode()),
                    schema -> "statements that name no table run on data node " + nodeWithoutTables(schema)));

    private static final List<Rule<TableConfig>> TABLE = List.of(
            new Rule<>(TableConfig::ruleRequired, table -> attribute("ruleRequired", "true"),
                    table -> "a statement without a value for the sharding column goes to every data node of the"
                            + " table instead of being refused"),
            new Rule<>(table -> table.autoIncrement() && table.primaryKey() == null,
                    table -> attribute("autoIncrement", "true"), table -> NO_PRIMARY_KEY),
            new Rule<>(table -> !table.subTables().isEmpty(),
                    table -> attribute("subTables", String.join(",", table.subTables())),
                    table -> "statements go to table " + table.name() + " itself on each data node, never to its"
                            + " sub-tables (in-database sharding is not built)"));

    private static final List<Rule<ChildTableConfig>> CHILD_TABLE = List.of(
            new Rule<>(table -> table.autoIncrement() && table.primaryKey() == null,
                    table -> attribute("autoIncrement", "true"), table -> NO_PRIMARY_KEY));

    private static final List<Rule<DataHostConfig>> DATA_HOST = List.of(
            new Rule<>(host -> !speaksMysql(host), host -> attribute("dbType", host.dbType()),
                    host -> "statements reach it in MySQL's SQL as the router writes them (LIMIT m,n and the like),"
                            + " not translated to its dialect"),
            new Rule<>(host -> spreadsReads(host) && host.heartbeatSql().isBlank(),
                    host -> attribute("balance", host.balance().code()),
                    host -> "reads go to the active writeHost only: other servers take reads only while their"
                            + " heartbeat is OK, and the data host has no <heartbeat>"),
            new Rule<>(host -> host.writeType() == WriteType.ALL_NODES && host.writeHosts().size() > 1,
                    host -> attribute("writeType", host.writeType().code()),
                    host -> "writes go to the active writeHost only, as with writeType=\"0\" (MyCat 1.6 cannot write"
                            + " to every writeHost either)"),
            new Rule<>(host -> switches(host) && host.heartbeatSql().isBlank(),
                    host -> attribute("switchType", host.switchType().code()),
                    host -> "no failover: the data host has no <heartbeat>, so no writeHost is ever found dead"),
            new Rule<>(host -> switches(host) && host.switchType() == SwitchType.SLAVE_STATUS
                    && !host.heartbeatSql().isBlank() && !heartbeatCheck(host).readsReplication(),
                    host -> attribute("switchType", host.switchType().code()),
                    host -> "writes move on heartbeat failure as with switchType=\"1\": the next writeHost's"
                            + " replication state is read only with <heartbeat>show slave status</heartbeat>"),
            new Rule<>(host -> switches(host) && host.switchType() == SwitchType.GALERA
                    && !host.heartbeatSql().isBlank() && heartbeatCheck(host) == HeartbeatCheck.PLAIN,
                    host -> attribute("switchType", host.switchType().code()),
                    host -> "writes move on heartbeat failure as with switchType=\"1\": the Galera wsrep status is"
                            + " read only with <heartbeat>show status like 'wsrep%'</heartbeat>"),
            new Rule<>(host -> host.switchType() == SwitchType.SLAVE_STATUS && host.slaveThreshold() != -1
                    && spreadsReads(host) && readHosts(host) > 0 && !heartbeatCheck(host).readsReplication(),
                    host -> attribute("slaveThreshold", host.slaveThreshold()),
                    host -> "replica lag is read only with <heartbeat>show slave status</heartbeat>: a readHost takes"
                            + " reads while its heartbeat is OK, however far behind it is"));

    private NotHonoured() {
    }

    /** The warnings for {@code config}, by file (server.xml, schema.xml, dnindex.properties) in document order. */
    static List<String> warnings(TesseraConfig config) {
        List<String> warnings = new ArrayList<>();
        SystemConfig system = config.system();
        for (String name : system.properties().keySet()) {
            Rule<SystemConfig> rule = SYSTEM.get(name);
            if (rule != null) {
                rule.check(SERVER_XML, "", "<system>", system, warnings);
            }
        }
        adminUsers(config, warnings);
        for (SchemaConfig schema : config.schemas().values()) {
            String schemaTag = Where.tag("schema", "name", schema.name());
            check(SCHEMA, SCHEMA_XML, "", schemaTag, schema, warnings);
            for (TableConfig table : schema.tables().values()) {
                String tableTag = Where.tag("table", "name", table.name());
                check(TABLE, SCHEMA_XML, schemaTag, tableTag, table, warnings);
                childTables(schemaTag + tableTag, table.childTables(), warnings);
            }
        }
        for (DataHostConfig host : config.dataHosts().values()) {
            String hostTag = Where.tag("dataHost", "name", host.name());
            check(DATA_HOST, SCHEMA_XML, "", hostTag, host, warnings);
        }
        activeWriteHosts(config, warnings);
        clusterSettings(config, warnings);
        return warnings;
    }

    /**
     * Cluster mode and the settings that assume it, or not: {@code useZKSwitch} agrees on switches through the
     * cluster's ZooKeeper, which a node on its own has none of; the local file and local time sequence handlers hand
     * out the same ids on every node of a cluster.
     */
    private static void clusterSettings(TesseraConfig config, List<String> warnings) {
        boolean clustered;
        try {
            clustered = ClusterSettings.read(config.confDir()).isPresent();
        } catch (ConfigException e) {
            clustered = false; // the start reports the file's problems
        }
        int sequences = config.system().sequenceHandlerType();
        if (clustered && (sequences == 0 && Files.exists(config.resolve("sequence_conf.properties"))
                || sequences == 2)) {
            warnings.add(SERVER_XML + ": <system>: sequenceHandlerType " + sequences + " ("
                    + (sequences == 0 ? "local file" : "local time") + ") is not safe in cluster mode: every node"
                    + " hands out ids of its own, the same ones unless their "
                    + (sequences == 0 ? "MINID..MAXID ranges" : "WORKID/DATAACENTERID pairs") + " differ; use 1"
                    + " (database), 3 or 4 (ZooKeeper)");
        }
        if (!config.system().useZkSwitch()) {
            return;
        }
        if (!clustered) {
            warnings.add(SERVER_XML + ": <system>: <property name=\"useZKSwitch\">" + config.system().raw("useZKSwitch")
                    .orElseThrow() + "</property> has no effect yet: this node is not in cluster mode ("
                    + ClusterSettings.FILE + " does not say loadZk=true), so it decides writeHost switches on its own");
        }
    }

    private static void childTables(String parentTag, List<ChildTableConfig> children, List<String> warnings) {
        for (ChildTableConfig child : children) {
            String childTag = Where.tag("childTable", "name", child.name());
            check(CHILD_TABLE, SCHEMA_XML, parentTag, childTag, child, warnings);
            childTables(parentTag + childTag, child.childTables(), warnings);
        }
    }

    /**
     * MyCat 1.6 lets every server.xml user log in to the admin port; Tessera does so too while no user is marked as a
     * manager, and says so, since the admin port can kill connections and take the server offline.
     */
    private static void adminUsers(TesseraConfig config, List<String> warnings) {
        if (config.users().values().stream().noneMatch(UserConfig::manager)) {
            warnings.add(SERVER_XML + ": no <user> has <property name=\"manager\">true</property>: every user may log"
                    + " in to the admin port (managerPort " + config.system().managerPort() + ") and run its"
                    + " commands, as in MyCat 1.6; mark the users who manage Tessera");
        }
    }

    /** The values of {@code dnindex.properties} that name no write host: those data hosts start on their first. */
    private static void activeWriteHosts(TesseraConfig config, List<String> warnings) {
        Map<String, List<String>> writeHosts = new LinkedHashMap<>();
        for (DataHostConfig host : config.dataHosts().values()) {
            writeHosts.put(host.name(), host.writeHosts().stream().map(WriteHostConfig::host).toList());
        }
        warnings.addAll(new DnIndex(config.resolve(DnIndex.FILE)).read(writeHosts).warnings());
    }

    private static <T> void check(List<Rule<T>> rules, String file, String parents, String tag, T element,
            List<String> warnings) {
        for (Rule<T> rule : rules) {
            rule.check(file, parents, tag, element, warnings);
        }
    }

    // ---- conditions ----------------------------------------------------------------------------------------

    /** Whether MyCat would send reads to a server other than the active write host, under this balance. */
    private static boolean spreadsReads(DataHostConfig host) {
        return switch (host.balance()) {
            case ALL_BACK, ALL -> host.writeHosts().size() > 1 || readHosts(host) > 0;
            case ALL_READ -> readHosts(host) > 0;
            case NONE -> false;
        };
    }

    /** Whether MyCat would move writes to another write host when the active one fails. */
    private static boolean switches(DataHostConfig host) {
        return host.switchType().switches() && host.writeHosts().size() > 1;
    }

    /** What the data host's heartbeats read from their answers, as backend-pool decides it. */
    private static HeartbeatCheck heartbeatCheck(DataHostConfig host) {
        return HeartbeatCheck.of(host.switchType().code(), host.slaveThreshold(), host.heartbeatSql());
    }

    private static int readHosts(DataHostConfig host) {
        return host.writeHosts().stream().mapToInt(write -> write.readHosts().size()).sum();
    }

    /** Whether the data host speaks MySQL's SQL (a native data host always does: the configuration checks it). */
    private static boolean speaksMysql(DataHostConfig host) {
        return host.dbType().equalsIgnoreCase("mysql") || host.dbType().equalsIgnoreCase("mariadb");
    }

    /**
     * Where the router runs statements that name no table ({@code Router.nodeWithoutTables}): the schema's
     * {@code dataNode}, else the first data node of its first table.
     */
    private static String nodeWithoutTables(SchemaConfig schema) {
        if (schema.dataNode() != null) {
            return schema.dataNode();
        }
        return schema.tables().values().stream().map(table -> table.dataNodes().get(0)).findFirst().orElse(null);
    }

    private static boolean isUtf8(String charset) {
        String name = charset.toLowerCase(Locale.ROOT);
        return name.equals("utf8") || name.equals("utf8mb4") || name.equals("utf8mb3");
    }

    /** MyCat's integer switches (useCompression, ...) are on at 1; SystemProperties checked they are integers. */
    private static boolean isOne(SystemConfig system, String property) {
        return system.raw(property).map(value -> value.equals("1")).orElse(false);
    }

    // ---- how settings are written --------------------------------------------------------------------------

    private static Map.Entry<String, Rule<SystemConfig>> property(String name, Predicate<SystemConfig> applies,
            String instead) {
        return Map.entry(name, new Rule<>(applies,
                system -> propertyElement(name, system.raw(name).orElse("")), system -> instead));
    }

    /** {@code <property name="readOnly">true</property>}. */
    private static String propertyElement(String name, Object value) {
        return "<property name=\"" + name + "\">" + value + "</property>";
    }

    /** {@code balance="1"}. */
    private static String attribute(String name, Object value) {
        return name + "=\"" + value + "\"";
    }

    /**
     * One setting of one kind of element.
     *
     * @param applies whether the element uses the setting in a way Tessera does not honour yet
     * @param setting the setting as written, e.g. {@code balance="1"}; null when it is the element itself (a
     *     second {@code <writeHost>})
     * @param instead what Tessera does instead
     */
    private record Rule<T>(Predicate<T> applies, Function<T, String> setting, Function<T, String> instead) {

        /** A rule about the presence of the element itself. */
        static <T> Rule<T> element(Predicate<T> applies, Function<T, String> instead) {
            return new Rule<>(applies, null, instead);
        }

        /**
         * Adds the warning when the rule applies: {@code file: <parents><tag>: setting has no effect yet: ...}, or
         * for the element itself {@code file: <parents>: <tag> has no effect yet: ...}.
         */
        void check(String file, String parents, String tag, T element, List<String> warnings) {
            if (!applies.test(element)) {
                return;
            }
            String where = setting == null ? parents : parents + tag;
            String what = setting == null ? tag : setting.apply(element);
            warnings.add(file + ": " + (where.isEmpty() ? "" : where + ": ") + what + " has no effect yet: "
                    + instead.apply(element));
        }
    }
}
