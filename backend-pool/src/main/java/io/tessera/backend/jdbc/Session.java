package io.tessera.backend.jdbc;

import io.netty.util.DefaultAttributeMap;

/**
 * What stays with one physical JDBC connection while HikariCP lends it to one {@link JdbcConnection} after another:
 * the attributes the code above keeps (the session variables it applied live on in the server's session), and the
 * facts read once when the connection was opened.
 *
 * @param connectionId the server's thread id ({@code CONNECTION_ID()} on MySQL), 0 where there is none
 */
record Session(DefaultAttributeMap attributes, long connectionId, String serverVersion, boolean mysql,
        boolean streamsRows) {
}
