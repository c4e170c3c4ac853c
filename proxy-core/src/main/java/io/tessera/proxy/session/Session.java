package io.tessera.proxy.session;

import io.tessera.backend.mysql.BackendConnection;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.config.UserConfig;
import java.nio.charset.Charset;
import java.util.LinkedHashMap;
import java.util.Map;

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
    private boolean autocommit = true;
    private boolean explicitTransaction;
    private String isolation;
    private long lastInsertId;
    private ResultTable warnings;
    private int warningCount;
    private final Map<String, BackendConnection> pinned = new LinkedHashMap<>();

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

    public boolean foundRows() {
        return Capability.has(capabilities, Capability.FOUND_ROWS);
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

    /** An explicit BEGIN / START TRANSACTION is open. */
    public void beginTransaction() {
        this.explicitTransaction = true;
    }

    public boolean explicitTransaction() {
        return explicitTransaction;
    }

    /** True while statements must stay on the same backend connections: BEGIN was sent or autocommit is off. */
    public boolean inTransaction() {
        return explicitTransaction || !autocommit;
    }

    /** The transaction ended (COMMIT, ROLLBACK, implicit commit); the pinned connections must be released. */
    public void endTransaction() {
        this.explicitTransaction = false;
    }

    public String isolation() {
        return isolation;
    }

    public void isolation(String level) {
        this.isolation = level;
    }

    public Map<String, BackendConnection> pinned() {
        return pinned;
    }

    public long lastInsertId() {
        return lastInsertId;
    }

    public void lastInsertId(long id) {
        this.lastInsertId = id;
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

    /** Status flags for packets Tessera writes itself. */
    public int statusFlags() {
        int flags = autocommit ? ServerStatus.AUTOCOMMIT : 0;
        return inTransaction() && !pinned.isEmpty() || explicitTransaction ? flags | ServerStatus.IN_TRANS : flags;
    }

    /** COM_RESET_CONNECTION: back to the state right after login (the caller has ended the transaction). */
    public void reset(Collation collation) {
        variables.clear();
        autocommit = true;
        explicitTransaction = false;
        isolation = null;
        lastInsertId = 0;
        warnings = null;
        warningCount = 0;
        useCharset(collation);
    }
}
