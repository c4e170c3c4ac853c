package io.tessera.backend.pool;

import io.tessera.backend.mysql.ConnectionOwner;
import io.tessera.backend.mysql.NativeConnection;

/**
 * The owner of a connection that belongs to no pool (a KILL's, a lock-wait read's): released means closed, and it
 * counts nowhere.
 */
final class UnpooledOwner implements ConnectionOwner {

    @Override
    public void released(NativeConnection connection) {
        connection.close();
    }

    @Override
    public void closed(NativeConnection connection) {
        // not counted anywhere
    }

    @Override
    public void querySent() {
        // not a data host query
    }
}
