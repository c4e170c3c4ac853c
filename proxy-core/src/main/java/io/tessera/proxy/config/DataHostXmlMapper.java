package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.SCHEMA_XML;
import static java.util.Objects.requireNonNullElse;

import io.tessera.backend.host.Balance;
import io.tessera.backend.host.SwitchType;
import io.tessera.backend.host.WriteType;
import io.tessera.proxy.config.DataHostConfig.DbDriver;
import io.tessera.proxy.config.SchemaXml.DataHostXml;
import io.tessera.proxy.config.SchemaXml.DbHostXml;
import io.tessera.proxy.config.SchemaXml.ReadHostXml;
import io.tessera.proxy.config.SchemaXml.WriteHostXml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks schema.xml's {@code <dataHost>} elements, with their write and read hosts, and maps them onto
 * {@link DataHostConfig}s, for {@link SchemaMapper}: every problem is reported with its file, line and element, and a
 * data host with one is left out (its name stays declared, so data nodes that name it are not reported twice).
 */
final class DataHostXmlMapper {

    private final Values values;
    private final Problems problems;
    private final HostTlsMapper hostTls;
    private final Map<String, Integer> lines = new HashMap<>();
    private final Map<String, DataHostConfig> mapped = new LinkedHashMap<>();

    DataHostXmlMapper(Values values, Path confDir) {
        this.values = values;
        this.problems = values.problems();
        this.hostTls = new HostTlsMapper(values, confDir);
    }

    /** The data hosts mapped without a problem, in document order. */
    Map<String, DataHostConfig> mapped() {
        return mapped;
    }

    /** Whether a {@code <dataHost>} of that name is written, valid or not. */
    boolean isDeclared(String name) {
        return lines.containsKey(name);
    }

    /** How many names {@code <dataHost>} elements declare. */
    int declaredCount() {
        return lines.size();
    }

    void map(DataHostXml xml) {
        int before = problems.count();
        Where where = Where.of(SCHEMA_XML, xml, Where.tag("dataHost", "name", xml.name));
        String name = values.required(where, "name", xml.name);
        if (name != null) {
            values.unique(lines, name, xml, where, "dataHost");
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
            mapped.put(name, new DataHostConfig(name, maxCon, minCon, Balance.of(balance), balanceType,
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
}
