package io.tessera.protocol.constant;

import io.netty.buffer.ByteBuf;

/** Command bytes: the first byte of every request payload (MySQL manual: "Text Protocol", "Utility Commands"). */
public final class Command {

    public static final int SLEEP = 0x00;
    public static final int QUIT = 0x01;
    public static final int INIT_DB = 0x02;
    public static final int QUERY = 0x03;
    public static final int FIELD_LIST = 0x04;
    public static final int CREATE_DB = 0x05;
    public static final int DROP_DB = 0x06;
    public static final int REFRESH = 0x07;
    public static final int SHUTDOWN = 0x08;
    public static final int STATISTICS = 0x09;
    public static final int PROCESS_INFO = 0x0A;
    public static final int CONNECT = 0x0B;
    public static final int PROCESS_KILL = 0x0C;
    public static final int DEBUG = 0x0D;
    public static final int PING = 0x0E;
    public static final int TIME = 0x0F;
    public static final int DELAYED_INSERT = 0x10;
    public static final int CHANGE_USER = 0x11;
    public static final int BINLOG_DUMP = 0x12;
    public static final int STMT_PREPARE = 0x16;
    public static final int STMT_EXECUTE = 0x17;
    public static final int STMT_SEND_LONG_DATA = 0x18;
    public static final int STMT_CLOSE = 0x19;
    public static final int STMT_RESET = 0x1A;
    public static final int SET_OPTION = 0x1B;
    public static final int STMT_FETCH = 0x1C;
    public static final int RESET_CONNECTION = 0x1F;

    private Command() {
    }

    /**
     * The command byte of a request payload, which is not consumed. An empty payload is {@link #SLEEP}, as MySQL's
     * {@code do_command} reads it, which no one may send: the answer is ERR 1047, not a failure.
     */
    public static int of(ByteBuf payload) {
        return payload.isReadable() ? payload.getUnsignedByte(payload.readerIndex()) : SLEEP;
    }

    /**
     * How {@code SHOW PROCESSLIST} names a command in its {@code Command} column, as MySQL's {@code command_name}
     * does ({@link #SLEEP} is "Sleep": a connection waiting for its next command); "Error" for a byte that is no
     * command.
     */
    public static String displayName(int command) {
        return switch (command) {
            case SLEEP -> "Sleep";
            case QUIT -> "Quit";
            case INIT_DB -> "Init DB";
            case QUERY -> "Query";
            case FIELD_LIST -> "Field List";
            case CREATE_DB -> "Create DB";
            case DROP_DB -> "Drop DB";
            case REFRESH -> "Refresh";
            case SHUTDOWN -> "Shutdown";
            case STATISTICS -> "Statistics";
            case PROCESS_INFO -> "Processlist";
            case CONNECT -> "Connect";
            case PROCESS_KILL -> "Kill";
            case DEBUG -> "Debug";
            case PING -> "Ping";
            case TIME -> "Time";
            case DELAYED_INSERT -> "Delayed insert";
            case CHANGE_USER -> "Change user";
            case BINLOG_DUMP -> "Binlog Dump";
            case STMT_PREPARE -> "Prepare";
            case STMT_EXECUTE -> "Execute";
            case STMT_SEND_LONG_DATA -> "Long Data";
            case STMT_CLOSE -> "Close stmt";
            case STMT_RESET -> "Reset stmt";
            case SET_OPTION -> "Set option";
            case STMT_FETCH -> "Fetch";
            case RESET_CONNECTION -> "Reset Connection";
            default -> "Error";
        };
    }
}
