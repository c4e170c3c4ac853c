package io.tessera.proxy.session;

import io.tessera.protocol.binary.ParameterType;
import io.tessera.router.parse.ParameterMarkers;
import io.tessera.router.parse.StatementType;
import java.io.ByteArrayOutputStream;

/**
 * A statement the client prepared (COM_STMT_PREPARE): its text and parameter markers, the parameter types it bound
 * last (an EXECUTE may leave them out), the long data sent for its parameters since the last EXECUTE, and the
 * open cursor of its last EXECUTE, if the client asked for one.
 */
public final class PreparedStatement {

    private final long id;
    private final String sql;
    private final ParameterMarkers markers;
    private final StatementType type;
    private final int columnCount;
    private ParameterType[] types;
    private final ByteArrayOutputStream[] longData;
    private Cursor cursor;

    public PreparedStatement(long id, String sql, ParameterMarkers markers, StatementType type, int columnCount) {
        this.id = id;
        this.sql = sql;
        this.markers = markers;
        this.type = type;
        this.columnCount = columnCount;
        this.longData = new ByteArrayOutputStream[markers.count()];
    }

    public long id() {
        return id;
    }

    public String sql() {
        return sql;
    }

    public ParameterMarkers markers() {
        return markers;
    }

    public int paramCount() {
        return markers.count();
    }

    public StatementType type() {
        return type;
    }

    /** Result columns as the data node described them at PREPARE (0 for statements without a result set). */
    public int columnCount() {
        return columnCount;
    }

    /** The types bound last, or {@code null} before the first EXECUTE that sent them. */
    public ParameterType[] types() {
        return types;
    }

    public void types(ParameterType[] bound) {
        this.types = bound;
    }

    /** COM_STMT_SEND_LONG_DATA: appends a chunk to a parameter's value. */
    public void appendLongData(int parameter, byte[] chunk) {
        if (longData[parameter] == null) {
            longData[parameter] = new ByteArrayOutputStream();
        }
        longData[parameter].writeBytes(chunk);
    }

    /** Which parameters have long data waiting. */
    public boolean[] longDataSent() {
        boolean[] sent = new boolean[longData.length];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = longData[i] != null;
        }
        return sent;
    }

    public byte[] longData(int parameter) {
        return longData[parameter].toByteArray();
    }

    /** After an EXECUTE or a COM_STMT_RESET, long data starts over. */
    public void clearLongData() {
        java.util.Arrays.fill(longData, null);
    }

    public Cursor cursor() {
        return cursor;
    }

    /** Replaces the open cursor (closing the old one). */
    public void cursor(Cursor next) {
        if (cursor != null) {
            cursor.close();
        }
        cursor = next;
    }
}
