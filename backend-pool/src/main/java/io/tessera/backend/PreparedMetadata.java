package io.tessera.backend;

import java.util.List;

/**
 * What a data host answered to COM_STMT_PREPARE ({@link BackendConnection#prepare}), kept as the raw payloads so
 * that the proxy can answer its own client's COM_STMT_PREPARE with them unchanged (MySQL manual:
 * "COM_STMT_PREPARE Response"). The definitions are column definition packets without their 4-byte header; the
 * arrays are shared, not copied, so nobody may change them.
 *
 * @param statementId the data host's id for the statement, valid on the connection that prepared it only
 * @param parameterDefinitions one per {@code ?}, in order
 * @param columnDefinitions one per result column; none for a statement without a result set
 */
public record PreparedMetadata(long statementId, int paramCount, int columnCount, int warningCount,
        List<byte[]> parameterDefinitions, List<byte[]> columnDefinitions) {

    public PreparedMetadata {
        parameterDefinitions = List.copyOf(parameterDefinitions);
        columnDefinitions = List.copyOf(columnDefinitions);
        if (parameterDefinitions.size() != paramCount) {
            throw new IllegalArgumentException("parameterDefinitions: " + parameterDefinitions.size()
                    + " (expected: paramCount " + paramCount + ")");
        }
        if (columnDefinitions.size() != columnCount) {
            throw new IllegalArgumentException("columnDefinitions: " + columnDefinitions.size()
                    + " (expected: columnCount " + columnCount + ")");
        }
    }

    @Override
    public String toString() {
        return "PreparedMetadata[statementId=" + statementId + ", paramCount=" + paramCount + ", columnCount="
                + columnCount + ", warningCount=" + warningCount + "]"; // never the definitions' bytes
    }
}
