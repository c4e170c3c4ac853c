package io.tessera.protocol.error;

/**
 * The MySQL server errors Tessera itself raises, each with MySQL's code, SQLSTATE and message template
 * (MySQL manual: "Server Error Message Reference"). Templates take {@link String#format} arguments.
 */
public enum ErrorCode {
    OUT_OF_SORT_MEMORY(1038, "HY001", "%s"),
    CON_COUNT_ERROR(1040, "08004", "Too many connections"),
    HANDSHAKE_ERROR(1043, "08S01", "Bad handshake"),
    DBACCESS_DENIED_ERROR(1044, "42000", "Access denied for user '%s'@'%s' to database '%s'"),
    ACCESS_DENIED_ERROR(1045, "28000", "Access denied for user '%s'@'%s' (using password: %s)"),
    NO_DB_ERROR(1046, "3D000", "No database selected"),
    UNKNOWN_COM_ERROR(1047, "08S01", "Unknown command"),
    BAD_DB_ERROR(1049, "42000", "Unknown database '%s'"),
    SERVER_SHUTDOWN(1053, "08S01", "%s"),
    PARSE_ERROR(1064, "42000", "%s"),
    EMPTY_QUERY(1065, "42000", "Query was empty"),
    UNKNOWN_THREAD(1094, "HY000", "Unknown thread id: %s"),
    NOT_THREAD_OWNER(1095, "HY000", "You are not owner of thread %s"),
    TABLE_NOT_LOCKED(1100, "HY000", "Table '%s' was not locked with LOCK TABLES"),
    UNKNOWN_ERROR(1105, "HY000", "%s"),
    UNKNOWN_CHARACTER_SET(1115, "42000", "Unknown character set: '%s'"),
    NO_SUCH_TABLE(1146, "42S02", "Table '%s.%s' doesn't exist"),
    TABLEACCESS_DENIED_ERROR(1142, "42000", "%s command denied to user '%s'@'%s' for table '%s'"),
    NOT_ALLOWED_COMMAND(1148, "42000", "The used command is not allowed with this MySQL version: %s"),
    NET_PACKET_TOO_LARGE(1153, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes"),
    UNKNOWN_SYSTEM_VARIABLE(1193, "HY000", "Unknown system variable '%s'"),
    WRONG_ARGUMENTS(1210, "HY000", "Incorrect arguments to %s"),
    /** MySQL's {@code ER_LOCK_DEADLOCK}; Tessera's too for a cycle of lock waits across data nodes. */
    DEADLOCK(1213, "40001", "Deadlock found when trying to get lock; try restarting transaction"),
    SPECIFIC_ACCESS_DENIED(1227, "42000",
            "Access denied; you need (at least one of) the %s privilege(s) for this operation"),
    WRONG_VALUE_FOR_VAR(1231, "42000", "Variable '%s' can't be set to the value of '%s'"),
    NOT_SUPPORTED_YET(1235, "42000", "%s"),
    UNKNOWN_STMT_HANDLER(1243, "HY000", "Unknown prepared statement handler (%s) given to %s"),
    UNKNOWN_COLLATION(1273, "HY000", "Unknown collation: '%s'"),
    OPTION_PREVENTS_STATEMENT(1290, "HY000",
            "The Tessera server is running with the %s option so it cannot execute this statement"),
    SAVEPOINT_DOES_NOT_EXIST(1305, "42000", "%s %s does not exist"),
    QUERY_INTERRUPTED(1317, "70100", "Query execution was interrupted"),
    TRG_DOES_NOT_EXIST(1360, "HY000", "Trigger does not exist"),
    NO_OPEN_CURSOR(1421, "HY000", "The statement (%s) has no open cursor."),
    MAX_PREPARED_STMT_COUNT_REACHED(1461, "42000",
            "Can't create more than max_prepared_stmt_count statements (current value: %s)"),
    /** MyCat's code for a statement a read-only user may not run ({@code ErrorCode.ER_USER_READ_ONLY}). */
    USER_READ_ONLY(1495, "HY000", "User readonly: user '%s' may only read (readOnly in server.xml), %s refused"),
    CANT_CHANGE_TX_CHARACTERISTICS(1568, "25001",
            "Transaction characteristics can't be changed while a transaction is in progress"),
    EVENT_DOES_NOT_EXIST(1539, "HY000", "Unknown event '%s'"),
    MALFORMED_PACKET(1835, "HY000", "Malformed communication packet: %s"),
    /** MyCat's own {@code ERR_WRONG_USED}, its answer to what the SQL blacklist refuses (not a MySQL code). */
    UNSAFE_STATEMENT(3012, "HY000", "The statement is unsafe SQL, reject for user '%s': %s"),
    /** MySQL's {@code ER_QUERY_TIMEOUT} (max_execution_time); Tessera's for server.xml's {@code sqlExecuteTimeout}. */
    QUERY_TIMEOUT(3024, "HY000", "Query execution was interrupted, maximum statement execution time exceeded%s"),
    /** A login without TLS where server.xml's {@code requireSecureTransport} is set. */
    SECURE_TRANSPORT_REQUIRED(3159, "HY000",
            "Connections using insecure transport are prohibited while --require_secure_transport=ON."),
    /** MariaDB's {@code ER_SEQUENCE_RUN_OUT}: a global sequence has no ids left (its MAXID is reached). */
    SEQUENCE_RUN_OUT(4084, "HY000", "Sequence '%s' has run out: %s"),
    /** MariaDB's {@code ER_UNKNOWN_SEQUENCES}: no global sequence of that name is configured. */
    UNKNOWN_SEQUENCES(4091, "42S02", "Unknown SEQUENCE: '%s'");

    private final int code;
    private final String sqlState;
    private final String template;

    ErrorCode(int code, String sqlState, String template) {
        this.code = code;
        this.sqlState = sqlState;
        this.template = template;
    }

    public int code() {
        return code;
    }

    public String sqlState() {
        return sqlState;
    }

    public String message(Object... args) {
        return args.length == 0 ? template : String.format(template, args);
    }

    /** An exception carrying this error with its template filled in. */
    public TesseraException exception(Object... args) {
        return new TesseraException(this, message(args));
    }
}
