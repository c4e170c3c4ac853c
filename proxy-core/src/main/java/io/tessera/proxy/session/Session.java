package io.tessera.proxy.session;

import io.tessera.backend.BackendConnection;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.config.UserConfig;
import java.nio.charset.Charset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One client connection's state: who it is, where it is (schema), how it talks (capabilities, character set),
 * its variables, its transaction and the backend connections pinned to it while a transaction is open. Used only
 * on the client channel's event loop.
 */
public final class Session {

    private final long connectionId;
    private final String remoteHost;
    private UserConfig user;
    private String schema;
    private int capabilities;
    private Charset clientCharset;
    private final SessionVariables variables = new SessionVariables();
    private final SessionModes modes = new SessionModes(variables);
    private boolean autocommit = true;
    private boolean explicitTransaction;
    private final Transaction transaction = new Transaction();
    private boolean xa;
    private String isolation;
    private String nextIsolation;
    private String nextAccessMode;
    private boolean nextTransactionUsed;
    private long lastInsertId;
    private long statementKeyId;
    private long rowCount = -1;
    private long foundRows;
    private boolean moreResults;
    private boolean calcFoundRows;
    private ResultTable warnings;
    private int warningCount;
    private final Map<String, BackendConnection> pinned = new LinkedHashMap<>();
    private final Set<String> bound = new HashSet<>();
    private final Set<String> tableLocks = new HashSet<>();
    private boolean statementBinds;
    private boolean statementOnWriteHost;
    private final Map<BackendConnection, String> running = new HashMap<>();
    private final Map<Long, PreparedStatement> statements = new HashMap<>();
    private long lastStatementId;
    private final long[] status = new long[StatusCounter.COUNT];

    public Session(long connectionId, String remoteHost) {
        this.connectionId = connectionId;
        this.remoteHost = remoteHost;
    }

    public long connectionId() {
        return connectionId;
    }

    public String remoteHost() {
        return remoteHost;
    }

    public UserConfig user() {
        return user;
    }

    public String userName() {
        return user == null ? "" : user.name();
    }

    public String schema() {
        return schema;
    }

    public void schema(String schema) {
        this.schema = schema;
    }

    /** The capabilities in force since login: the client's, limited to what the greeting offered. */
    public int capabilities() {
        return capabilities;
    }

    public void authenticated(UserConfig user, int capabilities, Collation collation) {
        this.user = user;
        this.capabilities = capabilities;
        useCharset(collation);
    }

    /** Applies a character set as {@code SET NAMES} does. */
    public void useCharset(Collation collation) {
        this.clientCharset = collation.javaCharset();
        String charset = "'" + collation.charsetName() + "'";
        variables.set("character_set_client", charset);
        variables.set("character_set_connection", charset);
        variables.set("character_set_results", charset);
        variables.set("collation_connection", "'" + collation.name() + "'");
    }

    public Charset clientCharset() {
        return clientCharset;
    }

    public void clientCharset(Charset charset) {
        this.clientCharset = charset;
    }

    public boolean deprecateEof() {
        return Capability.has(capabilities, Capability.DEPRECATE_EOF);
    }

    /** Whether the client asked for CLIENT_FOUND_ROWS (affected rows count matched rows). */
    public boolean clientFoundRows() {
        return Capability.has(capabilities, Capability.FOUND_ROWS);
    }

    /** Whether the client will send files for LOAD DATA LOCAL INFILE (CLIENT_LOCAL_FILES). */
    public boolean clientLocalFiles() {
        return Capability.has(capabilities, Capability.LOCAL_FILES);
    }

    /** Whether the client may send several statements in one COM_QUERY (CLIENT_MULTI_STATEMENTS or COM_SET_OPTION). */
    public boolean multiStatements() {
        return Capability.has(capabilities, Capability.MULTI_STATEMENTS);
    }

    /** COM_SET_OPTION: MYSQL_OPTION_MULTI_STATEMENTS_ON / _OFF. */
    public void multiStatements(boolean on) {
        capabilities = on ? capabilities | Capability.MULTI_STATEMENTS : capabilities & ~Capability.MULTI_STATEMENTS;
    }

    public SessionVariables variables() {
        return variables;
    }

    public boolean autocommit() {
        return autocommit;
    }

    public void autocommit(boolean on) {
        this.autocommit = on;
        variables.set("autocommit", on ? "1" : "0");
    }

    /** An explicit BEGIN / START TRANSACTION is open; {@code start} opens it on each data node it reaches. */
    public void beginTransaction(String start, boolean readOnly) {
        this.explicitTransaction = true;
        transaction.start(start, readOnly);
    }

    public Transaction transaction() {
        return transaction;
    }

    /** {@code SET XA = ON}: transactions that span data nodes commit with two-phase commit. */
    public boolean xa() {
        return xa;
    }

    public void xa(boolean on) {
        this.xa = on;
    }

    public boolean explicitTransaction() {
        return explicitTransaction;
    }

    /** True while statements must stay on the same backend connections: BEGIN was sent or autocommit is off. */
    public boolean inTransaction() {
        return explicitTransaction || !autocommit;
    }

    /**
     * Whether a transaction is open as MySQL counts one ({@code SERVER_STATUS_IN_TRANS}, {@code @@in_transaction}):
     * BEGIN or START TRANSACTION opened one, or, with autocommit off, a statement reached a data node. {@code SET
     * autocommit = 0} alone, or a statement Tessera answers itself, opens none, as in MariaDB, where a SELECT without
     * tables leaves {@code @@in_transaction} at 0.
     */
    public boolean transactionOpen() {
        return inTransaction() && transaction.hasParticipants() || explicitTransaction;
    }

    /** The transaction ended (COMMIT, ROLLBACK, implicit commit); the pinned connections must be released. */
    public void endTransaction() {
        this.explicitTransaction = false;
        transaction.clear();
        clearNextTransaction();
    }

    /**
     * {@code SET TRANSACTION ISOLATION LEVEL ...} or {@code READ ONLY | READ WRITE} without SESSION: for the next
     * transaction only, as in MySQL; {@code null} leaves that characteristic as it is.
     */
    public void nextTransaction(String isolationLevel, String accessMode) {
        if (isolationLevel != null) {
            nextIsolation = isolationLevel;
        }
        if (accessMode != null) {
            nextAccessMode = accessMode;
        }
    }

    /**
     * The statement that gives a data node the next transaction's characteristics, to send before its part of that
     * transaction starts, or {@code null} when none were set. Once used by a statement outside a transaction, it is
     * gone when that command ends ({@link #commandEnded}); inside one, when the transaction ends.
     */
    public String nextTransactionSql() {
        if (nextIsolation == null && nextAccessMode == null) {
            return null;
        }
        nextTransactionUsed = true;
        return "SET TRANSACTION " + (nextIsolation == null ? "" : "ISOLATION LEVEL " + nextIsolation)
                + (nextIsolation != null && nextAccessMode != null ? ", " : "")
                + (nextAccessMode == null ? "" : nextAccessMode);
    }

    /** A command has ended: outside a transaction, it was the "next transaction" of a SET TRANSACTION it used. */
    public void commandEnded() {
        statementBinds = false;
        statementKeyId = 0;
        statementOnWriteHost = false;
        if (nextTransactionUsed && !inTransaction()) {
            clearNextTransaction();
        }
    }

    private void clearNextTransaction() {
        nextIsolation = null;
        nextAccessMode = null;
        nextTransactionUsed = false;
    }

    public String isolation() {
        return isolation;
    }

    public void isolation(String level) {
        this.isolation = level;
    }

    /**
     * Whether a backslash in a string literal is an escape, as in MySQL's default: false when the session's
     * {@code sql_mode} has {@code NO_BACKSLASH_ESCAPES}. (A data host whose global sql_mode has it, for sessions that
     * never set theirs, is not seen: keep the mode off there.)
     */
    public boolean backslashEscapes() {
        return modes.backslashEscapes();
    }

    /**
     * Whether an AUTO_INCREMENT key given as 0 is generated, as in MySQL's default: false when the session's
     * {@code sql_mode} has {@code NO_AUTO_VALUE_ON_ZERO}. Asked only by INSERTs into autoIncrement tables.
     */
    public boolean zeroGeneratesKeys() {
        return modes.zeroGeneratesKeys();
    }

    /**
     * The session's {@code sql_select_limit}: the most rows a top-level SELECT without LIMIT returns (0 is none at
     * all, and a negative value counts as 0, as the data host clips it), or -1 when it is not set or is as good as
     * unlimited (the default is 2^64 - 1).
     */
    public long selectLimit() {
        return modes.selectLimit();
    }

    /**
     * The backend connections the session holds beyond one statement, by data node: those of its transaction's
     * participants, and those {@link #holdsState holding state} of the session.
     */
    public Map<String, BackendConnection> pinned() {
        return pinned;
    }

    /**
     * Whether the session's connection to {@code dataNode} holds state that only it has (a temporary table, an SQL
     * prepared statement, a named lock): it stays the session's until the session ends or resets, and is reset then.
     */
    public boolean holdsState(String dataNode) {
        return bound.contains(dataNode);
    }

    /** The session's connection to {@code dataNode} now holds state of the session (see {@link #holdsState}). */
    public void bind(String dataNode) {
        bound.add(dataNode);
    }

    /** The connection holding state on {@code dataNode} is gone (it broke), and the state with it. */
    public void unbind(String dataNode) {
        bound.remove(dataNode);
        tableLocks.remove(dataNode);
    }

    /** The connections holding state have been reset, or are gone. */
    public void unbindAll() {
        bound.clear();
        tableLocks.clear();
    }

    /**
     * The data nodes on which the session's connection (pinned, {@link #holdsState holding state}) holds table locks
     * of {@code LOCK TABLES}.
     */
    public Set<String> tableLocks() {
        return tableLocks;
    }

    /** Whether the statement running now leaves state on its connections, which must then stay the session's. */
    public boolean statementBinds() {
        return statementBinds;
    }

    public void statementBinds(boolean binds) {
        this.statementBinds = binds;
    }

    /**
     * Whether the statement running now must read on the write host even outside a transaction: it locks the rows it
     * reads ({@code FOR UPDATE}, {@code LOCK IN SHARE MODE}), or its hint says {@code db_type=master}.
     */
    public boolean statementOnWriteHost() {
        return statementOnWriteHost;
    }

    public void statementOnWriteHost(boolean onWriteHost) {
        this.statementOnWriteHost = onWriteHost;
    }

    public long lastInsertId() {
        return lastInsertId;
    }

    public void lastInsertId(long id) {
        this.lastInsertId = id;
    }

    /**
     * The first id a sequence gave the primary key the statement running now leaves out ({@code autoIncrement}
     * tables), which its OK reports as last_insert_id and LAST_INSERT_ID() returns afterwards, as MySQL does for an
     * AUTO_INCREMENT column: the data node's own insert id means nothing to the client then. 0 when there is none.
     */
    public long statementKeyId() {
        return statementKeyId;
    }

    public void statementKeyId(long id) {
        this.statementKeyId = id;
    }

    /** ROW_COUNT(): rows the last statement changed; -1 after a statement that returned rows or failed. */
    public long rowCount() {
        return rowCount;
    }

    public void rowCount(long count) {
        this.rowCount = count;
    }

    /** FOUND_ROWS(): rows the last SELECT returned (or would have without LIMIT, with SQL_CALC_FOUND_ROWS). */
    public long foundRows() {
        return foundRows;
    }

    public void foundRows(long rows) {
        this.foundRows = rows;
    }

    /** The running SELECT has SQL_CALC_FOUND_ROWS: FOUND_ROWS() must come from its data node afterwards. */
    public boolean calcFoundRows() {
        return calcFoundRows;
    }

    public void calcFoundRows(boolean calc) {
        this.calcFoundRows = calc;
    }

    /** Backend connections running this session's current statement, with their data node, for KILL QUERY. */
    public Map<BackendConnection, String> running() {
        return running;
    }

    /** Set while a multi-statement text has statements left: results end with SERVER_MORE_RESULTS_EXISTS. */
    public boolean moreResults() {
        return moreResults;
    }

    public void moreResults(boolean more) {
        this.moreResults = more;
    }

    /** The client's prepared statements by id. */
    public Map<Long, PreparedStatement> statements() {
        return statements;
    }

    /** An id for the next prepared statement: 1, 2, ... for this connection, as MySQL numbers them. */
    public long nextStatementId() {
        return ++lastStatementId;
    }

    /** Closes every prepared statement and its cursor (the client left or reset its connection). */
    public void closeStatements() {
        statements.values().forEach(statement -> statement.cursor(null));
        statements.clear();
    }

    /** Warnings of the last statement, or {@code null} when it had none. */
    public ResultTable warnings() {
        return warnings;
    }

    public int warningCount() {
        return warningCount;
    }

    public void warnings(int count, ResultTable table) {
        this.warningCount = count;
        this.warnings = table;
    }

    /** One more of {@code counter} for this session ({@link StatusCounters} counts for the server). */
    void count(StatusCounter counter) {
        status[counter.ordinal()]++;
    }

    /** The session's count of {@code counter} since it connected: {@code SHOW SESSION STATUS}. */
    public long status(StatusCounter counter) {
        return status[counter.ordinal()];
    }

    /** Status flags for packets Tessera writes itself. */
    public int statusFlags() {
        int flags = autocommit ? ServerStatus.AUTOCOMMIT : 0;
        if (!backslashEscapes()) {
            flags |= ServerStatus.NO_BACKSLASH_ESCAPES; // a driver that quotes values itself then doubles quotes only
        }
        if (transactionOpen()) {
            flags |= transaction.readOnly() ? ServerStatus.IN_TRANS | ServerStatus.IN_TRANS_READONLY
                    : ServerStatus.IN_TRANS;
        }
        return moreResults ? flags | ServerStatus.MORE_RESULTS_EXISTS : flags;
    }

    /** COM_RESET_CONNECTION: back to the state right after login (the caller has ended the transaction). */
    public void reset(Collation collation) {
        closeStatements();
        variables.clear();
        autocommit = true;
        explicitTransaction = false;
        transaction.clear();
        xa = false;
        isolation = null;
        clearNextTransaction();
        lastInsertId = 0;
        rowCount = -1;
        foundRows = 0;
        warnings = null;
        warningCount = 0;
        useCharset(collation);
    }
}
