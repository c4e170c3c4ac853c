package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.SCHEMA_XML;
import static io.tessera.proxy.config.Problems.SERVER_XML;
import static java.util.Objects.requireNonNullElse;

import io.tessera.proxy.config.FirewallConfig.WhiteHost;
import io.tessera.proxy.config.PrivilegesConfig.DataNodePrivilege;
import io.tessera.proxy.config.PrivilegesConfig.Dml;
import io.tessera.proxy.config.PrivilegesConfig.SchemaPrivilege;
import io.tessera.proxy.config.PrivilegesConfig.TablePrivilege;
import io.tessera.proxy.config.ServerXml.BlacklistXml;
import io.tessera.proxy.config.ServerXml.FirewallXml;
import io.tessera.proxy.config.ServerXml.HostXml;
import io.tessera.proxy.config.ServerXml.DataNodePrivilegeXml;
import io.tessera.proxy.config.ServerXml.PrivilegesXml;
import io.tessera.proxy.config.ServerXml.SchemaPrivilegeXml;
import io.tessera.proxy.config.ServerXml.TablePrivilegeXml;
import io.tessera.proxy.config.ServerXml.UserXml;
import io.tessera.proxy.config.ServerXml.WhiteHostXml;
import io.tessera.router.wall.WallProperties;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks server.xml and maps it onto {@link SystemConfig}, {@link UserConfig} and {@link FirewallConfig},
 * following MyCat 1.6's {@code XMLServerLoader}. The schemas users name are left to {@link ConfigLoader} as
 * {@link Reference}s into schema.xml.
 */
final class ServerMapper {

    /** The {@code <user>} properties MyCat 1.6 reads, and Tessera's {@code manager}. */
    private static final Set<String> USER_PROPERTIES =
            Set.of("password", "usingDecrypt", "schemas", "defaultSchema", "readOnly", "benchmark", "manager");

    private final Values values;
    private final Problems problems;
    private final List<Reference> references;

    private final Map<String, Integer> userLines = new HashMap<>();
    private final Map<String, UserConfig> users = new LinkedHashMap<>();
    /** Users by name with whether their {@code schemas} property names any schema, valid or not. */
    private final Map<String, Boolean> userHasSchemas = new HashMap<>();

    /** What server.xml defines. */
    record Server(SystemConfig system, Map<String, UserConfig> users, FirewallConfig firewall) {
    }

    ServerMapper(Values values, List<Reference> references) {
        this.values = values;
        this.problems = values.problems();
        this.references = references;
    }

    Server map(ServerXml xml, int cpus) {
        SystemProperties properties = new SystemProperties(values);
        SystemConfig system = properties.build(xml.systems, cpus);
        if (xml.users.isEmpty()) {
            problems.add(Where.of(SERVER_XML, xml, "<mycat:server>"), "no <user>: at least one is required");
        }
        xml.users.forEach(this::user);
        defaultAccounts(xml.users, system, properties.whereOf("nonePasswordLogin"));
        FirewallConfig firewall = firewall(xml.firewalls);
        return new Server(system, users, firewall);
    }

    // ---- <user> --------------------------------------------------------------------------------------------

    private void user(UserXml xml) {
        int before = problems.count();
        Where where = Where.of(SERVER_XML, xml, Where.tag("user", "name", xml.name));
        String name = values.required(where, "name", xml.name);
        if (name != null) {
            Integer first = userLines.putIfAbsent(name, xml.line());
            if (first != null) {
                problems.add(where, "name \"" + name + "\": another <user> has that name, at line " + first);
            }
        }
        boolean defaultAccount = requireNonNullElse(values.bool(where, "defaultAccount", xml.defaultAccount), false);
        Map<String, PropertyXml> properties = new LinkedHashMap<>();
        Map<String, Where> wheres = new HashMap<>();
        for (PropertyXml property : xml.properties) {
            Where propertyWhere = where.child(property, Where.tag("property", "name", property.name));
            String propertyName = values.required(propertyWhere, "name", property.name);
            if (propertyName == null) {
                continue;
            }
            PropertyXml first = properties.putIfAbsent(propertyName, property);
            if (first != null) {
                problems.add(propertyWhere, "already set at line " + first.line());
            } else if (!USER_PROPERTIES.contains(propertyName)) {
                problems.warn(SERVER_XML, propertyWhere.line(), propertyWhere.element()
                        + ": unknown user property; ignored");
            }
            wheres.putIfAbsent(propertyName, propertyWhere);
        }
        boolean usingDecrypt = requireNonNullElse(flag(properties, wheres, "usingDecrypt"), false);
        String password = password(name, properties.get("password"), wheres.get("password"), usingDecrypt, where);
        List<String> schemas = schemas(properties.get("schemas"), wheres.get("schemas"));
        String defaultSchema = defaultSchema(properties.get("defaultSchema"), wheres.get("defaultSchema"), schemas);
        boolean readOnly = requireNonNullElse(
                values.bool(wheres.get("readOnly"), "value", value(properties, "readOnly")), false);
        int benchmark = requireNonNullElse(values.integer(wheres.get("benchmark"), "value",
                value(properties, "benchmark"), 0, Integer.MAX_VALUE), 0);
        boolean manager = requireNonNullElse(
                values.bool(wheres.get("manager"), "value", value(properties, "manager")), false);
        PrivilegesConfig privileges = privileges(where, xml.privileges);
        if (name != null) {
            userHasSchemas.putIfAbsent(name, !schemas.isEmpty());
        }
        if (problems.count() == before) {
            users.put(name, new UserConfig(name, password, schemas, defaultSchema, readOnly, benchmark,
                    defaultAccount, usingDecrypt, privileges, manager));
        }
    }

    private static String value(Map<String, PropertyXml> properties, String name) {
        PropertyXml property = properties.get(name);
        return property == null ? null : property.value();
    }

    private Boolean flag(Map<String, PropertyXml> properties, Map<String, Where> wheres, String name) {
        return values.flag(wheres.get(name), "value", value(properties, name));
    }

    /** MyCat trims property values, passwords included; with usingDecrypt=1 the value is decrypted. */
    private String password(String user, PropertyXml property, Where where, boolean usingDecrypt, Where userWhere) {
        if (property == null) {
            if (usingDecrypt) {
                problems.add(userWhere, "usingDecrypt is 1 but there is no password property");
            }
            return "";
        }
        String password = property.value();
        if (usingDecrypt && user != null) {
            try {
                return MycatDecrypt.userPassword(user, password);
            } catch (InvalidValueException e) {
                problems.add(where, e.getMessage() + " (usingDecrypt is 1)");
            }
        }
        return password;
    }

    /** The comma list of the {@code schemas} property, each name trimmed; empty names are skipped, as in MyCat. */
    private List<String> schemas(PropertyXml property, Where where) {
        if (property == null) {
            return List.of();
        }
        List<String> schemas = new ArrayList<>();
        for (String schema : property.value().split(",")) {
            String name = schema.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (schemas.contains(name)) {
                problems.add(where, "schema \"" + name + "\" listed twice");
            } else {
                schemas.add(name);
                references.add(new Reference(where, "schema", name, SCHEMA_XML, "schema"));
            }
        }
        return schemas;
    }

    private String defaultSchema(PropertyXml property, Where where, List<String> schemas) {
        if (property == null) {
            return null;
        }
        String schema = property.value();
        if (schema.isEmpty()) {
            problems.add(where, "value \"\": must not be empty");
            return null;
        }
        if (!schemas.isEmpty() && !schemas.contains(schema)) {
            problems.add(where, "value \"" + schema + "\": not one of the user's schemas "
                    + String.join(",", schemas));
        } else if (schemas.isEmpty()) {
            references.add(new Reference(where, "value", schema, SCHEMA_XML, "schema"));
        }
        return schema;
    }

    private PrivilegesConfig privileges(Where user, List<PrivilegesXml> privileges) {
        if (privileges.isEmpty()) {
            return PrivilegesConfig.NONE;
        }
        for (PrivilegesXml extra : privileges.subList(1, privileges.size())) {
            problems.add(user.child(extra, "<privileges>"), "only one <privileges> is allowed (first at line "
                    + privileges.get(0).line() + ")");
        }
        PrivilegesXml xml = privileges.get(0);
        Where where = user.child(xml, "<privileges>");
        Boolean check = values.bool(where, "check", values.required(where, "check", xml.check));
        Map<String, SchemaPrivilege> schemas = new LinkedHashMap<>();
        Map<String, Integer> schemaLines = new HashMap<>();
        for (SchemaPrivilegeXml schemaXml : xml.schemas) {
            Where schemaWhere = where.child(schemaXml, Where.tag("schema", "name", schemaXml.name));
            String name = values.required(schemaWhere, "name", schemaXml.name);
            Dml dml = dml(schemaWhere, schemaXml.dml);
            if (name != null) {
                Integer first = schemaLines.putIfAbsent(name, schemaXml.line());
                if (first != null) {
                    problems.add(schemaWhere, "name \"" + name + "\": already listed at line " + first);
                }
                references.add(new Reference(schemaWhere, "name", name, SCHEMA_XML, "schema"));
            }
            Map<String, TablePrivilege> tables = new LinkedHashMap<>();
            for (TablePrivilegeXml tableXml : schemaXml.tables) {
                Where tableWhere = schemaWhere.child(tableXml, Where.tag("table", "name", tableXml.name));
                String table = values.required(tableWhere, "name", tableXml.name);
                Dml tableDml = dml(tableWhere, tableXml.dml);
                if (table != null && tables.containsKey(table)) {
                    problems.add(tableWhere, "name \"" + table + "\": already listed in this <schema>");
                } else if (table != null && tableDml != null) {
                    tables.put(table, new TablePrivilege(table, tableDml));
                }
            }
            if (name != null && dml != null) {
                schemas.putIfAbsent(name, new SchemaPrivilege(name, dml, tables));
            }
        }
        return new PrivilegesConfig(requireNonNullElse(check, false), schemas, dataNodePrivileges(where, xml));
    }

    private Map<String, DataNodePrivilege> dataNodePrivileges(Where privileges, PrivilegesXml xml) {
        Map<String, DataNodePrivilege> dataNodes = new LinkedHashMap<>();
        for (DataNodePrivilegeXml nodeXml : xml.dataNodes) {
            Where where = privileges.child(nodeXml, Where.tag("dataNode", "name", nodeXml.name));
            String name = values.required(where, "name", nodeXml.name);
            Dml dml = dml(where, nodeXml.dml);
            if (name == null) {
                continue;
            }
            references.add(new Reference(where, "name", name, SCHEMA_XML, "dataNode"));
            if (dataNodes.containsKey(name)) {
                problems.add(where, "name \"" + name + "\": already listed in this <privileges>");
            } else if (dml != null) {
                dataNodes.put(name, new DataNodePrivilege(name, dml));
            }
        }
        return dataNodes;
    }

    private Dml dml(Where where, String dml) {
        String value = values.required(where, "dml", dml);
        if (value == null) {
            return null;
        }
        Optional<Dml> parsed = Dml.parse(value);
        if (parsed.isEmpty()) {
            problems.add(where, "dml \"" + dml + "\": expected four 0/1 digits for insert, update, select, delete");
            return null;
        }
        return parsed.get();
    }

    /** At most one default account; {@code nonePasswordLogin=1} needs exactly one. */
    private void defaultAccounts(List<UserXml> xml, SystemConfig system, Where nonePasswordLogin) {
        UserXml first = null;
        for (UserXml user : xml) {
            if (!"true".equalsIgnoreCase(Values.optional(user.defaultAccount))) {
                continue;
            }
            if (first == null) {
                first = user;
            } else {
                problems.add(Where.of(SERVER_XML, user, Where.tag("user", "name", user.name)),
                        "defaultAccount \"" + user.defaultAccount + "\": <user name=\"" + first.name + "\"> at line "
                                + first.line()
                                + " is already the default account");
            }
        }
        if (first == null && system != null && system.nonePasswordLogin()) {
            problems.add(nonePasswordLogin, "value \"1\": needs a <user defaultAccount=\"true\"> to log in as");
        }
    }

    // ---- <firewall> ----------------------------------------------------------------------------------------

    private FirewallConfig firewall(List<FirewallXml> firewalls) {
        if (firewalls.isEmpty()) {
            return FirewallConfig.NONE;
        }
        for (FirewallXml extra : firewalls.subList(1, firewalls.size())) {
            problems.add(Where.of(SERVER_XML, extra, "<firewall>"), "only one <firewall> is allowed (first at line "
                    + firewalls.get(0).line() + ")");
        }
        FirewallXml xml = firewalls.get(0);
        Where where = Where.of(SERVER_XML, xml, "<firewall>");
        List<WhiteHost> whiteHosts = new ArrayList<>();
        Map<String, Integer> hostLines = new HashMap<>();
        for (WhiteHostXml whiteHost : xml.whiteHosts) {
            Where whiteWhere = where.child(whiteHost, "<whitehost>");
            for (HostXml host : whiteHost.hosts) {
                WhiteHost entry = whiteHost(whiteWhere, host, hostLines);
                if (entry != null) {
                    whiteHosts.add(entry);
                }
            }
        }
        boolean check = false;
        Map<String, String> blacklist = new LinkedHashMap<>();
        for (BlacklistXml blacklistXml : xml.blacklists) {
            Where blackWhere = where.child(blacklistXml, "<blacklist>");
            if (blacklistXml != xml.blacklists.get(0)) {
                problems.add(blackWhere, "only one <blacklist> is allowed (first at line "
                        + xml.blacklists.get(0).line() + ")");
                continue;
            }
            check = requireNonNullElse(values.bool(blackWhere, "check",
                    values.required(blackWhere, "check", blacklistXml.check)), false);
            for (PropertyXml property : blacklistXml.properties) {
                Where propertyWhere = blackWhere.child(property, Where.tag("property", "name", property.name));
                String name = values.required(propertyWhere, "name", property.name);
                if (name != null && blacklist.putIfAbsent(name, property.value()) != null) {
                    problems.add(propertyWhere, "already set in this <blacklist>");
                } else if (name != null) {
                    WallProperties.problem(name, property.value()).ifPresent(problem ->
                            problems.add(propertyWhere, problem));
                }
            }
        }
        return new FirewallConfig(whiteHosts, check, blacklist);
    }

    private WhiteHost whiteHost(Where whiteHost, HostXml xml, Map<String, Integer> hostLines) {
        int before = problems.count();
        Where where = whiteHost.child(xml, Where.tag("host", "host", xml.host));
        String host = address(where, values.required(where, "host", xml.host));
        if (host != null) {
            Integer first = hostLines.putIfAbsent(host, xml.line());
            if (first != null) {
                problems.add(where, "host \"" + host + "\": already listed at line " + first);
            }
        }
        String userList = values.required(where, "user", xml.user);
        List<String> users = new ArrayList<>();
        if (userList != null) {
            for (String user : userList.split(",")) {
                String name = user.trim();
                if (name.isEmpty()) {
                    continue;
                }
                users.add(name);
                Boolean hasSchemas = userHasSchemas.get(name);
                if (hasSchemas == null) {
                    problems.add(where, "user \"" + name + "\": no <user name=\"" + name + "\">");
                } else if (!hasSchemas) {
                    problems.add(where, "user \"" + name + "\": MyCat 1.6 refuses a white-listed user without a"
                            + " schemas property (such a user may use every schema)");
                }
            }
        }
        return problems.count() == before ? new WhiteHost(host, users) : null;
    }

    /** The host as {@link WhiteHost#address} writes it; null (reported) when it is not an address or a pattern. */
    private String address(Where where, String host) {
        if (host == null) {
            return null;
        }
        Optional<String> address = WhiteHost.address(host);
        if (address.isEmpty()) {
            problems.add(where, "host \"" + host + "\": expected an IP address (192.168.1.5) or a pattern where * and"
                    + " % stand for digits (192.168.1.*): clients are matched by their address, never by name");
        }
        return address.orElse(null);
    }
}
