package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.SERVER_XML;
import static java.util.Map.entry;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.proxy.config.SystemConfig.DistributedTransactions;
import io.tessera.proxy.config.SystemConfig.TxIsolation;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads server.xml's {@code <system>} properties into a {@link SystemConfig}. Knows every property of MyCat
 * 1.6's {@code SystemConfig} (set through JavaBean setters, so each has the type of its setter) and Tessera's
 * own. The ones Tessera reads are checked against their range and typed; the others are checked against their
 * type only, logged at DEBUG and kept as text; unknown ones are logged at WARN and kept as text too.
 */
final class SystemProperties {

    private enum Kind { INT, LONG, BOOLEAN, TEXT }

    /** Properties MyCat 1.6 knows and Tessera accepts without using them, by the type MyCat reads. */
    private static final Map<String, Kind> UNUSED = Map.ofEntries(
            entry("usingAIO", Kind.INT),
            entry("useCompression", Kind.INT),
            entry("packetHeaderSize", Kind.INT),
            entry("timerExecutor", Kind.INT),
            entry("managerExecutor", Kind.INT),
            entry("parallExecute", Kind.INT),
            entry("catletClassCheckSeconds", Kind.INT),
            entry("processorBufferChunk", Kind.INT),
            entry("processorBufferPoolType", Kind.INT),
            entry("processorBufferLocalPercent", Kind.INT),
            entry("bufferPoolChunkSize", Kind.INT),
            entry("bufferPoolPageSize", Kind.INT),
            entry("bufferPoolPageNumber", Kind.INT),
            entry("processorCheckPeriod", Kind.LONG),
            entry("defaultSqlParser", Kind.TEXT),
            entry("maxStringLiteralLength", Kind.INT),
            entry("removeGraveAccent", Kind.INT),
            entry("useHandshakeV10", Kind.INT),
            entry("mutiNodeLimitType", Kind.INT),
            entry("mutiNodePatchSize", Kind.INT),
            entry("parserCommentVersion", Kind.INT),
            entry("bigResultSizeSqlCount", Kind.INT),
            entry("bufferUsagePercent", Kind.INT),
            entry("flowControlRejectStrategy", Kind.INT),
            entry("clearBigSqLResultSetMapMs", Kind.LONG),
            entry("enableFlowControl", Kind.BOOLEAN),
            entry("flowControlStartMaxValue", Kind.INT),
            entry("flowControlStopMaxValue", Kind.INT),
            entry("enableWriteQueueFlowControl", Kind.BOOLEAN),
            entry("writeQueueStopThreshold", Kind.INT),
            entry("writeQueueRecoverThreshold", Kind.INT),
            entry("clusterHeartbeatUser", Kind.TEXT),
            entry("clusterHeartbeatPass", Kind.TEXT),
            entry("clusterHeartbeatPeriod", Kind.LONG),
            entry("clusterHeartbeatTimeout", Kind.LONG),
            entry("clusterHeartbeatRetry", Kind.INT),
            entry("useZKSwitch", Kind.BOOLEAN),
            entry("sequenceHanlderClass", Kind.TEXT),
            entry("sequnceMySqlRetryCount", Kind.INT),
            entry("sequnceMySqlWaitTime", Kind.LONG),
            entry("useOffHeapForMerge", Kind.INT),
            entry("memoryPageSize", Kind.TEXT),
            entry("spillsFileBufferSize", Kind.TEXT),
            entry("systemReserveMemorySize", Kind.TEXT),
            entry("dataNodeSortedTempDir", Kind.TEXT),
            entry("useStreamOutput", Kind.INT),
            entry("useGlobleTableCheck", Kind.INT),
            entry("glableTableCheckPeriod", Kind.LONG),
            entry("checkTableConsistency", Kind.INT),
            entry("checkTableConsistencyPeriod", Kind.LONG),
            entry("subqueryRelationshipCheck", Kind.BOOLEAN),
            entry("sqlInterceptor", Kind.TEXT),
            entry("sqlInterceptorType", Kind.TEXT),
            entry("sqlInterceptorFile", Kind.TEXT));

    /** The properties {@link SystemConfig} types. */
    static final Set<String> USED = Set.of("serverPort", "managerPort", "bindIp", "serverBacklog", "processors",
            "processorExecutor", "maxPacketSize", "frontSocketNoDelay", "backSocketNoDelay", "frontSocketSoRcvbuf",
            "frontSocketSoSndbuf", "backSocketSoRcvbuf", "backSocketSoSndbuf", "frontWriteQueueSize", "charset",
            "txIsolation", "idleTimeout", "authTimeout", "sqlExecuteTimeout", "dataNodeHeartbeatPeriod",
            "dataNodeIdleCheckPeriod", "fakeMySQLVersion", "nonePasswordLogin", "ignoreUnknownCommand",
            "maxPreparedStmtCount", "defaultMaxLimit", "handleDistributedTransactions", "strictTxIsolation",
            "poolMaxWait", "frontAuthPlugin", "mergeMemoryLimit", "mycatNodeId", "XARecoveryLogBaseDir",
            "XARecoveryLogBaseName", "useSqlStat", "sqlRecordCount", "maxResultSet", "metricsPort",
            "sequenceHandlerType", "sequnceHandlerType", "sequnceHandlerPattern", "sslCert", "sslKey",
            "requireSecureTransport", "maxConnections", "useZKSwitch", "deadlockCheckPeriod");

    private static final Pattern VERSION = Pattern.compile("\\d+\\.\\d+\\.\\d+\\S*");
    private static final int MAX_PACKET = 1 << 30;
    /** Slow statements kept per user: a bound on the statistics' memory. */
    private static final int MAX_SQL_RECORD_COUNT = 10_000;

    private final Values values;
    private final Map<String, PropertyXml> byName = new LinkedHashMap<>();
    private final Map<String, Where> wheres = new HashMap<>();

    SystemProperties(Values values) {
        this.values = values;
    }

    /** Where a property is written, for a problem about it; null when it is not written. */
    Where whereOf(String name) {
        return wheres.get(name);
    }

    /**
     * Checks the properties of every {@code <system>} (server.xml may have one) and builds the
     * {@link SystemConfig}; null when something is wrong (reported).
     *
     * @param cpus the number of CPUs, on which MyCat's thread defaults depend
     */
    SystemConfig build(List<ServerXml.SystemXml> systems, int cpus) {
        Problems problems = values.problems();
        int before = problems.count();
        for (ServerXml.SystemXml system : systems) {
            Where where = Where.of(SERVER_XML, system, "<system>");
            if (system != systems.get(0)) {
                problems.add(where, "only one <system> is allowed (first at line " + systems.get(0).line() + ")");
            }
            for (PropertyXml property : system.properties) {
                collect(where, property);
            }
        }
        Map<String, String> raw = new LinkedHashMap<>();
        byName.forEach((name, property) -> raw.put(name, property.value()));
        int processors = intValue("processors", cpus, 1, Integer.MAX_VALUE);
        SystemConfig config = new SystemConfig(
                intValue("serverPort", 8066, 0, 65_535),
                intValue("managerPort", 9066, 0, 65_535),
                text("bindIp", "0.0.0.0"),
                intValue("serverBacklog", 2048, 1, Integer.MAX_VALUE),
                processors,
                intValue("processorExecutor", cpus != 1 ? cpus * 2 : 4, 1, Integer.MAX_VALUE),
                intValue("maxPacketSize", 16 * 1024 * 1024, 1024, MAX_PACKET),
                flag("frontSocketNoDelay", true),
                flag("backSocketNoDelay", true),
                intValue("frontSocketSoRcvbuf", 1024 * 1024, 1, Integer.MAX_VALUE),
                intValue("frontSocketSoSndbuf", 4 * 1024 * 1024, 1, Integer.MAX_VALUE),
                intValue("backSocketSoRcvbuf", 4 * 1024 * 1024, 1, Integer.MAX_VALUE),
                intValue("backSocketSoSndbuf", 1024 * 1024, 1, Integer.MAX_VALUE),
                intValue("frontWriteQueueSize", 2048, 1, Integer.MAX_VALUE),
                text("charset", "utf8"),
                TxIsolation.ofMycatCode(intValue("txIsolation", 3, 1, 4)).orElseThrow(),
                Duration.ofMillis(longValue("idleTimeout", 30 * 60 * 1000L, 1)),
                Duration.ofMillis(longValue("authTimeout", 15_000L, 1)),
                Duration.ofSeconds(longValue("sqlExecuteTimeout", 300L, 1)),
                Duration.ofMillis(longValue("dataNodeHeartbeatPeriod", 10_000L, 1)),
                Duration.ofMillis(longValue("dataNodeIdleCheckPeriod", 5 * 60 * 1000L, 1)),
                fakeMySqlVersion(),
                flag("nonePasswordLogin", false),
                flag("ignoreUnknownCommand", false),
                intValue("maxPreparedStmtCount", 16_382, 0, Integer.MAX_VALUE),
                intValue("defaultMaxLimit", 100, 1, Integer.MAX_VALUE),
                DistributedTransactions.values()[intValue("handleDistributedTransactions", 0, 0, 2)],
                bool("strictTxIsolation", false),
                Duration.ofMillis(longValue("poolMaxWait", 5_000L, 0)),
                authPlugin(),
                longValue("mergeMemoryLimit", 32L * 1024 * 1024, 1024),
                intValue("mycatNodeId", 1, 0, Integer.MAX_VALUE),
                text("XARecoveryLogBaseDir", "tmlogs"),
                text("XARecoveryLogBaseName", "tmlog"),
                flag("useSqlStat", true),
                intValue("sqlRecordCount", 10, 1, MAX_SQL_RECORD_COUNT),
                longValue("maxResultSet", 512L * 1024, 1),
                intValue("metricsPort", 0, 0, 65_535),
                raw);
        checkSequenceHandlerType("sequenceHandlerType");
        checkSequenceHandlerType("sequnceHandlerType");
        checkSequenceHandlerSpellings();
        checkSequencePattern();
        checkTls();
        intValue("maxConnections", SystemConfig.DEFAULT_MAX_CONNECTIONS, 0, Integer.MAX_VALUE); // SystemConfig reads it
        bool("useZKSwitch", false); // SystemConfig reads it
        longValue("deadlockCheckPeriod", SystemConfig.DEFAULT_DEADLOCK_CHECK_PERIOD, 0); // SystemConfig reads it
        return problems.count() == before ? config : null;
    }

    /**
     * TLS for clients needs both a certificate and its key (their files are read when the port starts, and by
     * {@code bin/tessera check}); requiring it needs them too, as plaintext-only would lock every client out.
     */
    private void checkTls() {
        boolean cert = byName.containsKey("sslCert");
        boolean key = byName.containsKey("sslKey");
        if (cert != key) {
            String missing = cert ? "sslKey" : "sslCert";
            String written = cert ? "sslCert" : "sslKey";
            values.problems().add(wheres.get(written), "TLS needs " + missing + " too (expected: both or neither)");
        }
        text("sslCert", null);
        text("sslKey", null);
        if (bool("requireSecureTransport", false) && !(cert && key)) {
            values.problems().add(wheres.get("requireSecureTransport"),
                    "value \"true\": TLS is not configured (expected: sslCert and sslKey)");
        }
    }

    /**
     * MyCat's handler type 5 (a custom class) is not built: a configuration naming it must not start with ids from
     * another handler. Types 3 and 4 (ZooKeeper) need cluster mode, which the sequence handler checks at start.
     */
    private void checkSequenceHandlerType(String name) {
        PropertyXml property = byName.get(name);
        if (property == null) {
            return;
        }
        Integer type = values.integer(wheres.get(name), "value", property.value(), 0, 5);
        if (type != null && type == 5) {
            values.problems().add(wheres.get(name), "value \"5\": sequence handler 5 (custom class) is not built"
                    + " (expected: 0 local file, 1 database, 2 local time, 3 ZooKeeper distributed or 4 ZooKeeper"
                    + " increment)");
        }
    }

    /** MyCat reads both spellings; written twice, they must agree, as either could be the one meant. */
    private void checkSequenceHandlerSpellings() {
        PropertyXml right = byName.get("sequenceHandlerType");
        PropertyXml misspelt = byName.get("sequnceHandlerType");
        if (right != null && misspelt != null && !right.value().equals(misspelt.value())) {
            values.problems().add(wheres.get("sequnceHandlerType"), "value \"" + misspelt.value() + "\": differs"
                    + " from sequenceHandlerType \"" + right.value() + "\" (expected: one of the two spellings, or the"
                    + " same value)");
        }
    }

    private void checkSequencePattern() {
        PropertyXml property = byName.get("sequnceHandlerPattern");
        if (property == null) {
            return;
        }
        Where where = wheres.get("sequnceHandlerPattern");
        try {
            int groups = Pattern.compile(property.value(), Pattern.CASE_INSENSITIVE).matcher("").groupCount();
            if (groups < 2) {
                values.problems().add(where, "value \"" + property.value() + "\": " + groups
                        + " groups (expected: group 2 captures the sequence name, as in MyCat's default "
                        + SystemConfig.DEFAULT_SEQUENCE_PATTERN + ")");
            }
        } catch (PatternSyntaxException e) {
            values.problems().add(where, "value \"" + property.value() + "\": not a regular expression ("
                    + e.getDescription() + " at index " + e.getIndex() + ")");
        }
    }

    private void collect(Where system, PropertyXml property) {
        Where where = system.child(property, Where.tag("property", "name", property.name));
        String name = values.required(where, "name", property.name);
        if (name == null) {
            return;
        }
        PropertyXml first = byName.putIfAbsent(name, property);
        if (first != null) {
            values.problems().add(where, "already set at line " + first.line());
            return;
        }
        wheres.put(name, where);
        Kind unused = UNUSED.get(name);
        if (USED.contains(name)) {
            return;
        }
        if (unused == null) {
            values.problems().warn(SERVER_XML, where.line(), where.element() + ": unknown property; kept as text,"
                    + " not used");
            return;
        }
        values.problems().debug(SERVER_XML, where.line(), where.element() + ": MyCat 1.6 property that Tessera"
                + " does not use; kept as text");
        String value = property.value();
        switch (unused) {
            case INT -> values.integer(where, "value", value, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case LONG -> values.longValue(where, "value", value, Long.MIN_VALUE, Long.MAX_VALUE);
            case BOOLEAN -> values.bool(where, "value", value);
            case TEXT -> {
                // any text
            }
        }
    }

    private int intValue(String name, int defaultValue, int min, int max) {
        PropertyXml property = byName.get(name);
        if (property == null) {
            return defaultValue;
        }
        Integer value = values.integer(wheres.get(name), "value", property.value(), min, max);
        return value == null ? defaultValue : value;
    }

    private long longValue(String name, long defaultValue, long min) {
        PropertyXml property = byName.get(name);
        if (property == null) {
            return defaultValue;
        }
        Long value = values.longValue(wheres.get(name), "value", property.value(), min, Long.MAX_VALUE);
        return value == null ? defaultValue : value;
    }

    private boolean flag(String name, boolean defaultValue) {
        PropertyXml property = byName.get(name);
        if (property == null) {
            return defaultValue;
        }
        Boolean value = values.flag(wheres.get(name), "value", property.value());
        return value == null ? defaultValue : value;
    }

    private boolean bool(String name, boolean defaultValue) {
        PropertyXml property = byName.get(name);
        if (property == null) {
            return defaultValue;
        }
        Boolean value = values.bool(wheres.get(name), "value", property.value());
        return value == null ? defaultValue : value;
    }

    private String text(String name, String defaultValue) {
        PropertyXml property = byName.get(name);
        if (property == null) {
            return defaultValue;
        }
        String value = property.value();
        if (value.isEmpty()) {
            values.problems().add(wheres.get(name), "value \"\": must not be empty");
            return defaultValue;
        }
        return value;
    }

    private Optional<String> fakeMySqlVersion() {
        PropertyXml property = byName.get("fakeMySQLVersion");
        if (property == null) {
            return Optional.empty();
        }
        String value = property.value();
        if (!VERSION.matcher(value).matches()) {
            values.problems().add(wheres.get("fakeMySQLVersion"), "value \"" + value
                    + "\": expected a MySQL version such as 5.7.25 or 8.0.36");
            return Optional.empty();
        }
        return Optional.of(value);
    }

    private AuthPlugin authPlugin() {
        PropertyXml property = byName.get("frontAuthPlugin");
        if (property == null) {
            return AuthPlugin.MYSQL_NATIVE_PASSWORD;
        }
        AuthPlugin plugin = AuthPlugin.byName(property.value());
        if (plugin == null) {
            values.problems().add(wheres.get("frontAuthPlugin"), "value \"" + property.value()
                    + "\": expected mysql_native_password or caching_sha2_password");
            return AuthPlugin.MYSQL_NATIVE_PASSWORD;
        }
        return plugin;
    }
}
