package io.tessera.proxy.topology;

import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.config.UserConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * The configuration a reload installs: what its {@link ConfigReloader.Scope} takes from the configuration just read,
 * the rest from the one running, checked again where the two meet (a table on a data node the running configuration
 * does not have, a user of a schema it does not have). {@code <system>} always stays as it runs.
 */
final class ConfigMerge {

    private ConfigMerge() {
    }

    /**
     * @param notes gets one line for each change in {@code loaded} that this scope leaves out
     * @throws ConfigException when the parts do not fit together
     */
    static TesseraConfig merge(ConfigReloader.Scope scope, TesseraConfig running, TesseraConfig loaded,
            List<String> notes) {
        if (!loaded.system().equals(running.system())) {
            notes.add("server.xml <system> changed: it takes effect at the next restart");
        }
        TesseraConfig merged = switch (scope) {
            case USERS -> new TesseraConfig(running.confDir(), running.system(), loaded.users(), loaded.firewall(),
                    running.schemas(), running.dataNodes(), running.dataHosts(), running.tableRules(),
                    running.functions());
            case SCHEMAS -> new TesseraConfig(running.confDir(), running.system(), loaded.users(), loaded.firewall(),
                    loaded.schemas(), running.dataNodes(), running.dataHosts(), loaded.tableRules(),
                    loaded.functions());
            case ALL -> new TesseraConfig(running.confDir(), running.system(), loaded.users(), loaded.firewall(),
                    loaded.schemas(), loaded.dataNodes(), loaded.dataHosts(), loaded.tableRules(),
                    loaded.functions());
        };
        if (scope == ConfigReloader.Scope.USERS && (!loaded.schemas().equals(running.schemas())
                || !loaded.tableRules().equals(running.tableRules())
                || !loaded.functions().equals(running.functions()))) {
            notes.add("schema.xml or rule.xml changed: reload @@config applies them");
        }
        if (scope != ConfigReloader.Scope.ALL && (!loaded.dataNodes().equals(running.dataNodes())
                || !loaded.dataHosts().equals(running.dataHosts()))) {
            notes.add("schema.xml's <dataNode>s or <dataHost>s changed: reload @@config_all applies them");
        }
        List<String> problems = new ArrayList<>();
        for (SchemaConfig schema : merged.schemas().values()) {
            String where = "schema.xml: <schema name=\"" + schema.name() + "\">";
            requireNode(merged, schema.dataNode(), where + ": dataNode", problems);
            requireNode(merged, schema.randomDataNode(), where + ": randomDataNode", problems);
            for (TableConfig table : schema.tables().values()) {
                for (String node : table.dataNodes()) {
                    requireNode(merged, node, where + "<table name=\"" + table.name() + "\">: dataNode", problems);
                }
            }
        }
        for (UserConfig user : merged.users().values()) {
            for (String schema : user.schemas()) {
                if (!merged.schemas().containsKey(schema)) {
                    problems.add("server.xml: <user name=\"" + user.name() + "\">: schema \"" + schema
                            + "\": no such schema in the configuration in force");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return merged;
    }

    private static void requireNode(TesseraConfig config, String node, String where, List<String> problems) {
        if (node != null && !config.dataNodes().containsKey(node)) {
            problems.add(where + " \"" + node + "\": not a data node of the configuration in force (reload"
                    + " @@config_all adds data nodes)");
        }
    }
}
