package io.tessera.admin;

import java.util.List;
import java.util.Objects;

/**
 * A client session that holds backend connections beyond one statement (a transaction's, or ones holding session
 * state), as {@code show @@session} lists it.
 *
 * @param connectionId the client connection's id ({@code show @@connection} ID)
 * @param backends     one line per held backend connection: its data node, server and thread id
 */
public record SessionView(long connectionId, List<String> backends) {

    public SessionView {
        Objects.requireNonNull(backends, "backends");
        backends = List.copyOf(backends);
    }
}
