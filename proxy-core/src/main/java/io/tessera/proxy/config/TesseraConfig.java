package io.tessera.proxy.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A whole, checked configuration: what {@link ConfigLoader#load(Path)} builds from a {@code conf/} directory.
 * Immutable; every map is unmodifiable and iterates in document order. Names that refer to each other
 * (a table's data nodes and rule, a data node's data host, a rule's function, a user's schemas) were checked
 * to exist.
 *
 * @param confDir the configuration directory, absolute
 * @param system server.xml's {@code <system>}
 * @param users server.xml's users by name
 * @param firewall server.xml's {@code <firewall>}, or {@link FirewallConfig#NONE}
 * @param schemas logical schemas by name
 * @param dataNodes data nodes by name, {@code $} ranges expanded
 * @param dataHosts data hosts by name
 * @param tableRules rule.xml's table rules by name
 * @param functions rule.xml's functions by name
 */
public record TesseraConfig(
        Path confDir,
        SystemConfig system,
        Map<String, UserConfig> users,
        FirewallConfig firewall,
        Map<String, SchemaConfig> schemas,
        Map<String, DataNodeConfig> dataNodes,
        Map<String, DataHostConfig> dataHosts,
        Map<String, TableRuleConfig> tableRules,
        Map<String, FunctionConfig> functions) {

    public TesseraConfig {
        Objects.requireNonNull(confDir, "confDir");
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(firewall, "firewall");
        users = ordered(users);
        schemas = ordered(schemas);
        dataNodes = ordered(dataNodes);
        dataHosts = ordered(dataHosts);
        tableRules = ordered(tableRules);
        functions = ordered(functions);
    }

    /**
     * A file named in the configuration, such as a function's {@code mapFile}: relative names resolve against
     * {@link #confDir()}, absolute ones stay as they are.
     */
    public Path resolve(String fileName) {
        return confDir.resolve(fileName);
    }

    private static <V> Map<String, V> ordered(Map<String, V> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
