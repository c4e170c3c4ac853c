package io.tessera.backend.mysql;

import java.util.ArrayList;
import java.util.List;

/** A connection owner that records what it is told, as strings: "released 42", "closed 42", "query". */
final class RecordingOwner implements ConnectionOwner {

    private final List<String> calls = new ArrayList<>();

    @Override
    public synchronized void released(NativeConnection connection) {
        calls.add("released " + connection.connectionId());
    }

    @Override
    public synchronized void closed(NativeConnection connection) {
        calls.add("closed " + connection.connectionId());
    }

    @Override
    public synchronized void querySent() {
        calls.add("query");
    }

    synchronized List<String> calls() {
        return List.copyOf(calls);
    }
}
