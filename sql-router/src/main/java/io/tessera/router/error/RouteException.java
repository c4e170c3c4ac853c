package io.tessera.router.error;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;

/** A statement the router cannot plan; carries the MySQL error the client gets. */
public final class RouteException extends TesseraException {

    private static final long serialVersionUID = 1L;

    private RouteException(ErrorCode code, String message) {
        super(code, message);
    }

    public static RouteException unknownTable(String schema, String table) {
        return new RouteException(ErrorCode.NO_SUCH_TABLE, ErrorCode.NO_SUCH_TABLE.message(schema, table));
    }

    public static RouteException noDatabaseSelected() {
        return new RouteException(ErrorCode.NO_DB_ERROR, ErrorCode.NO_DB_ERROR.message());
    }

    public static RouteException unknownDatabase(String schema) {
        return new RouteException(ErrorCode.BAD_DB_ERROR, ErrorCode.BAD_DB_ERROR.message(schema));
    }

    /** ERR 1235: Tessera cannot run this statement correctly, so it refuses rather than guess. */
    public static RouteException notSupported(String what) {
        return new RouteException(ErrorCode.NOT_SUPPORTED_YET, what);
    }

    /** ERR 1065: nothing but whitespace or comments. */
    public static RouteException emptyQuery() {
        return new RouteException(ErrorCode.EMPTY_QUERY, ErrorCode.EMPTY_QUERY.message());
    }

    /** ERR 1105: the table's function places no data node for this value (MyCat: "can't find any valid datanode"). */
    public static RouteException unplaceable(String table, String column, String value, String why) {
        return new RouteException(ErrorCode.UNKNOWN_ERROR, "can't find any valid data node for table " + table + ", "
                + column + " = " + value + ": " + why);
    }

    /** ERR 1064 with the parser's message. */
    public static RouteException syntax(String message) {
        return new RouteException(ErrorCode.PARSE_ERROR, message);
    }
}
