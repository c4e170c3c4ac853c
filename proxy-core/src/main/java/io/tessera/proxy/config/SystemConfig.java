package io.tessera.proxy.config;

import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.router.sequence.SequenceCalls;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * server.xml's {@code <system>}: one {@code <property name="...">} per setting, with MyCat 1.6's defaults for
 * those not written. The components are the settings Tessera reads, already checked and typed; every property
 * written, including those MyCat 1.6 knows and Tessera accepts without using, is also kept as written in
 * {@link #properties()} (see {@link #raw(String)}). docs/configuration.md lists them all.
 *
 * @param serverPort client (MySQL protocol) port; 0 picks a free port
 * @param managerPort admin port; 0 picks a free port
 * @param bindIp address both ports listen on
 * @param serverBacklog accept backlog of both ports
 * @param processors event-loop threads; default: the number of CPUs
 * @param processorExecutor threads of the business executor (blocking work); default: CPUs x 2, or 4 on one CPU
 * @param maxPacketSize largest packet accepted from a client, in bytes
 * @param frontSocketNoDelay TCP_NODELAY on client sockets
 * @param backSocketNoDelay TCP_NODELAY on backend sockets
 * @param frontSocketSoRcvbuf SO_RCVBUF of client sockets, bytes
 * @param frontSocketSoSndbuf SO_SNDBUF of client sockets, bytes
 * @param backSocketSoRcvbuf SO_RCVBUF of backend sockets, bytes
 * @param backSocketSoSndbuf SO_SNDBUF of backend sockets, bytes
 * @param frontWriteQueueSize MyCat's per-connection write queue length
 * @param charset default character set of client sessions
 * @param txIsolation default isolation level of client sessions
 * @param idleTimeout a client connection idle this long is closed
 * @param authTimeout a client must finish authenticating within this time
 * @param sqlExecuteTimeout a statement running longer on a backend is cancelled
 * @param dataNodeHeartbeatPeriod period of data host heartbeats
 * @param dataNodeIdleCheckPeriod period of the backend pools' idle check
 * @param fakeMySQLVersion server version announced to clients, when set
 * @param nonePasswordLogin clients may log in without a password, as the default account
 * @param ignoreUnknownCommand answer OK to unknown commands instead of an error
 * @param maxPreparedStmtCount most prepared statements per client connection
 * @param defaultMaxLimit MyCat's {@code defaultMaxLimit}
 * @param handleDistributedTransactions what to do with transactions that span data nodes
 * @param strictTxIsolation keep a transaction's reads on its write connection
 * @param poolMaxWait Tessera: how long borrowing a backend connection may wait
 * @param frontAuthPlugin Tessera: the authentication plugin offered to clients first
 * @param mergeMemoryLimit Tessera: bytes of rows one statement may buffer to merge several data nodes' results
 * @param mycatNodeId this instance's number among instances sharing data hosts (part of its XA transaction ids)
 * @param xaRecoveryLogBaseDir directory of the XA coordinator log, relative to the Tessera home unless absolute
 * @param xaRecoveryLogBaseName file name of the XA coordinator log
 * @param useSqlStat MyCat's {@code useSqlStat} (0/1): record SQL statistics from the start
 * @param sqlRecordCount MyCat's {@code sqlRecordCount}: how many slow statements are kept per user
 * @param maxResultSet MyCat's {@code maxResultSet}: an answer of at least this many bytes is big
 *     ({@code show @@sql.resultset})
 * @param metricsPort Tessera: port of the Prometheus endpoint ({@code GET /metrics}) on {@code bindIp}; 0: no endpoint
 * @param properties every property written, name to trimmed value, in document order
 */
public record SystemConfig(
        int serverPort,
        int managerPort,
        String bindIp,
        int serverBacklog,
        int processors,
        int processorExecutor,
        int maxPacketSize,
        boolean frontSocketNoDelay,
        boolean backSocketNoDelay,
        int frontSocketSoRcvbuf,
        int frontSocketSoSndbuf,
        int backSocketSoRcvbuf,
        int backSocketSoSndbuf,
        int frontWriteQueueSize,
        String charset,
        TxIsolation txIsolation,
        Duration idleTimeout,
        Duration authTimeout,
        Duration sqlExecuteTimeout,
        Duration dataNodeHeartbeatPeriod,
        Duration dataNodeIdleCheckPeriod,
        Optional<String> fakeMySQLVersion,
        boolean nonePasswordLogin,
        boolean ignoreUnknownCommand,
        int maxPreparedStmtCount,
        int defaultMaxLimit,
        DistributedTransactions handleDistributedTransactions,
        boolean strictTxIsolation,
        Duration poolMaxWait,
        AuthPlugin frontAuthPlugin,
        long mergeMemoryLimit,
        int mycatNodeId,
        String xaRecoveryLogBaseDir,
        String xaRecoveryLogBaseName,
        boolean useSqlStat,
        int sqlRecordCount,
        long maxResultSet,
        int metricsPort,
        Map<String, String> properties) {

    /**
     * MyCat 1.6's {@code sequnceHandlerPattern}: finds {@code next value for MYCATSEQ_<NAME>} in a statement, group 2
     * being the name. Matched case-insensitively, as MyCat's {@code DruidSequenceHandler} does.
     */
    public static final String DEFAULT_SEQUENCE_PATTERN = SequenceCalls.DEFAULT_PATTERN;

    /** MyCat's default {@code sequenceHandlerType}: the local file {@code sequence_conf.properties}. */
    public static final int DEFAULT_SEQUENCE_HANDLER_TYPE = 0;

    /**
     * Tessera's default {@code maxConnections}: far above what applications' pools need (a client connection costs
     * Tessera little memory; docs/operations.md gives the figure), low enough to refuse a connection storm with 1040
     * before the heap or the file descriptors run out.
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 10_000;

    /** Tessera's default {@code deadlockCheckPeriod}, milliseconds. */
    public static final long DEFAULT_DEADLOCK_CHECK_PERIOD = 200;

    /** Properties whose value {@link #toString()} masks. */
    private static final String SECRET_PROPERTY = "clusterHeartbeatPass";

    public SystemConfig {
        Objects.requireNonNull(bindIp, "bindIp");
        Objects.requireNonNull(charset, "charset");
        Objects.requireNonNull(txIsolation, "txIsolation");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(authTimeout, "authTimeout");
        Objects.requireNonNull(sqlExecuteTimeout, "sqlExecuteTimeout");
        Objects.requireNonNull(dataNodeHeartbeatPeriod, "dataNodeHeartbeatPeriod");
        Objects.requireNonNull(dataNodeIdleCheckPeriod, "dataNodeIdleCheckPeriod");
        Objects.requireNonNull(fakeMySQLVersion, "fakeMySQLVersion");
        Objects.requireNonNull(handleDistributedTransactions, "handleDistributedTransactions");
        Objects.requireNonNull(poolMaxWait, "poolMaxWait");
        Objects.requireNonNull(frontAuthPlugin, "frontAuthPlugin");
        Objects.requireNonNull(xaRecoveryLogBaseDir, "xaRecoveryLogBaseDir");
        Objects.requireNonNull(xaRecoveryLogBaseName, "xaRecoveryLogBaseName");
        checkPort("serverPort", serverPort);
        checkPort("managerPort", managerPort);
        checkPort("metricsPort", metricsPort);
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** A property as written (trimmed), whether or not Tessera uses it; empty when it is not written. */
    public Optional<String> raw(String name) {
        return Optional.ofNullable(properties.get(name));
    }

    /**
     * server.xml's {@code sequenceHandlerType} (MyCat also reads the older spelling {@code sequnceHandlerType}):
     * 0 local file, 1 database, 2 local time; {@value #DEFAULT_SEQUENCE_HANDLER_TYPE} when neither is written. The
     * load has checked it is one of these three: MyCat's 3 to 5 (ZooKeeper, custom class) are refused there.
     */
    public int sequenceHandlerType() {
        return raw("sequenceHandlerType").or(() -> raw("sequnceHandlerType"))
                .map(Integer::parseInt).orElse(DEFAULT_SEQUENCE_HANDLER_TYPE);
    }

    /** {@code sslCert}: the PEM certificate (chain) clients get over TLS; empty: TLS is not offered. */
    public Optional<String> sslCert() {
        return raw("sslCert");
    }

    /** {@code sslKey}: the certificate's private key, an unencrypted PKCS#8 PEM file. */
    public Optional<String> sslKey() {
        return raw("sslKey");
    }

    /** {@code requireSecureTransport}: logins without TLS are refused with 3159; the load checked TLS is set up. */
    public boolean requireSecureTransport() {
        return raw("requireSecureTransport").map(Boolean::parseBoolean).orElse(false);
    }

    /**
     * {@code maxConnections}: the most client connections open at once on the client port, logged in or not (MySQL's
     * {@code max_connections}); one more gets ERR 1040. 0: no limit. The admin port is not counted.
     */
    public int maxConnections() {
        return raw("maxConnections").map(Integer::parseInt).orElse(DEFAULT_MAX_CONNECTIONS);
    }

    /**
     * {@code useZKSwitch}: in cluster mode, the Tessera nodes agree on each data host's write host switches through
     * ZooKeeper ({@code io.tessera.proxy.cluster.WriteHostAgreement}). Read at start.
     */
    public boolean useZkSwitch() {
        return raw("useZKSwitch").map("true"::equalsIgnoreCase).orElse(false);
    }

    /**
     * {@code deadlockCheckPeriod} (Tessera, milliseconds): how long a statement of a transaction waits on a data node
     * before the lock waits of the data hosts are read for a cycle across them, and how often they are read again
     * while it waits ({@code io.tessera.proxy.exec.DeadlockDetector}); 0 turns the detector off.
     */
    public long deadlockCheckPeriod() {
        return raw("deadlockCheckPeriod").map(Long::parseLong).orElse(DEFAULT_DEADLOCK_CHECK_PERIOD);
    }

    /** Whether server.xml writes {@code sequenceHandlerType} (or {@code sequnceHandlerType}) at all. */
    public boolean sequenceHandlerTypeWritten() {
        return raw("sequenceHandlerType").or(() -> raw("sequnceHandlerType")).isPresent();
    }

    /**
     * The regular expression that finds sequence references in a statement: server.xml's
     * {@code sequnceHandlerPattern} (MyCat's spelling), else {@link #DEFAULT_SEQUENCE_PATTERN}. The load has checked
     * that it compiles and has a group 2, the sequence name; compile it with
     * {@link java.util.regex.Pattern#CASE_INSENSITIVE} as MyCat does.
     */
    public String sequenceHandlerPattern() {
        return raw("sequnceHandlerPattern").orElse(DEFAULT_SEQUENCE_PATTERN);
    }

    @Override
    public String toString() {
        Map<String, String> shown = new LinkedHashMap<>(properties);
        shown.computeIfPresent(SECRET_PROPERTY, (name, value) -> Masking.MASK);
        return "SystemConfig[serverPort=" + serverPort + ", managerPort=" + managerPort + ", bindIp=" + bindIp
                + ", processors=" + processors + ", processorExecutor=" + processorExecutor
                + ", maxPacketSize=" + maxPacketSize + ", charset=" + charset + ", txIsolation=" + txIsolation
                + ", idleTimeout=" + idleTimeout + ", authTimeout=" + authTimeout
                + ", sqlExecuteTimeout=" + sqlExecuteTimeout + ", fakeMySQLVersion=" + fakeMySQLVersion
                + ", nonePasswordLogin=" + nonePasswordLogin + ", poolMaxWait=" + poolMaxWait
                + ", frontAuthPlugin=" + frontAuthPlugin + ", mergeMemoryLimit=" + mergeMemoryLimit
                + ", useSqlStat=" + useSqlStat + ", sqlRecordCount=" + sqlRecordCount
                + ", maxResultSet=" + maxResultSet + ", metricsPort=" + metricsPort + ", properties=" + shown + "]";
    }

    private static void checkPort(String name, int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException(name + ": " + port + " (expected: 0..65535)");
        }
    }

    /** {@code txIsolation}: MyCat numbers the levels 1 to 4. */
    public enum TxIsolation {
        READ_UNCOMMITTED(1, "READ-UNCOMMITTED"),
        READ_COMMITTED(2, "READ-COMMITTED"),
        REPEATABLE_READ(3, "REPEATABLE-READ"),
        SERIALIZABLE(4, "SERIALIZABLE");

        private final int mycatCode;
        private final String variableValue;

        TxIsolation(int mycatCode, String variableValue) {
            this.mycatCode = mycatCode;
            this.variableValue = variableValue;
        }

        /** The number written in server.xml. */
        public int mycatCode() {
            return mycatCode;
        }

        /** The value of MySQL's {@code tx_isolation} / {@code transaction_isolation} variable. */
        public String variableValue() {
            return variableValue;
        }

        static Optional<TxIsolation> ofMycatCode(int code) {
            for (TxIsolation level : values()) {
                if (level.mycatCode == code) {
                    return Optional.of(level);
                }
            }
            return Optional.empty();
        }
    }

    /** {@code handleDistributedTransactions}: MyCat's 0, 1 and 2. */
    public enum DistributedTransactions {
        /** 0: transactions may span data nodes. */
        ALLOW,
        /** 1: a transaction that spans data nodes is refused, unless it touches only global tables. */
        REJECT,
        /** 2: transactions may span data nodes, and such transactions are logged. */
        ALLOW_AND_LOG
    }
}
