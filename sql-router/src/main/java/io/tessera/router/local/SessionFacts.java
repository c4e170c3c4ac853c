package io.tessera.router.local;

/**
 * What a client session is, for the session values a statement may mention.
 *
 * @param schema the current logical schema, or {@code null}
 * @param userName the user the client logged in as
 * @param remoteHost the client's address, as {@code USER()} shows it after the {@code @}
 * @param connectionId Tessera's id for the connection ({@code CONNECTION_ID()})
 */
public record SessionFacts(String schema, String userName, String remoteHost, long connectionId, long lastInsertId,
        long rowCount, long foundRows) {
}
