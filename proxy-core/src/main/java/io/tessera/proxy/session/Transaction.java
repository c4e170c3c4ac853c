package io.tessera.proxy.session;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The open transaction of a session, beyond the connections pinned to it: how each data node's part is opened
 * ({@code START TRANSACTION READ ONLY}, or an XA branch), the savepoints every part must know, which data nodes
 * it wrote to other than through global tables (what {@code handleDistributedTransactions=1} limits), and whether
 * a data node has lost its part (then the whole transaction must roll back, as it would on one server).
 */
public final class Transaction {

    private String startStatement = "START TRANSACTION";
    private boolean readOnly;
    private final List<String> savepoints = new ArrayList<>();
    private final Set<String> shardedNodes = new HashSet<>();
    private final Set<String> participants = new LinkedHashSet<>();
    private String gtrid;
    private String lostOn;
    private long startedNanos; // System.nanoTime() when the first data node joined

    /** The statement that opens the transaction on a data node it reaches (outside XA). */
    public String startStatement() {
        return startStatement;
    }

    /** BEGIN or START TRANSACTION with its options, as the client wrote them. */
    public void start(String statement, boolean readOnly) {
        this.startStatement = statement;
        this.readOnly = readOnly;
    }

    public boolean readOnly() {
        return readOnly;
    }

    /** Savepoints in the order they were set; a data node that joins later gets them all. */
    public List<String> savepoints() {
        return savepoints;
    }

    /** SAVEPOINT: a name set again moves to the end, as in MySQL. */
    public void savepoint(String name) {
        savepoints.removeIf(name::equalsIgnoreCase);
        savepoints.add(name);
    }

    /** ROLLBACK TO keeps {@code name} and forgets the savepoints set after it; RELEASE forgets it too. */
    public boolean forgetAfter(String name, boolean inclusive) {
        for (int i = savepoints.size() - 1; i >= 0; i--) {
            if (savepoints.get(i).equalsIgnoreCase(name)) {
                savepoints.subList(inclusive ? i : i + 1, savepoints.size()).clear();
                return true;
            }
        }
        return false;
    }

    /** A data node's part of the transaction has been opened on its connection. */
    public void joined(String dataNode) {
        if (participants.isEmpty()) {
            startedNanos = System.nanoTime();
        }
        participants.add(dataNode);
    }

    /** Opening the node's part failed: it is not in the transaction after all. */
    public void left(String dataNode) {
        participants.remove(dataNode);
    }

    /** The data nodes in the transaction, in the order they joined. */
    public Set<String> participants() {
        return participants;
    }

    public boolean participates(String dataNode) {
        return participants.contains(dataNode);
    }

    /** System.nanoTime() when the first data node joined: the youngest transaction of a deadlock is its victim. */
    public long startedNanos() {
        return startedNanos;
    }

    /** Whether the transaction has reached a data node yet. */
    public boolean hasParticipants() {
        return !participants.isEmpty();
    }

    /** Data nodes written through tables that are not global. */
    public Set<String> shardedNodes() {
        return shardedNodes;
    }

    /** The XA global transaction id while an XA transaction is open, else {@code null}. */
    public String gtrid() {
        return gtrid;
    }

    public void gtrid(String gtrid) {
        this.gtrid = gtrid;
    }

    /**
     * A data node's part of the transaction is gone: the node rolled it back (a deadlock) or its connection broke.
     * The rest must roll back before the session's next command; the client has been told by the node's error.
     */
    public void lost(String dataNode) {
        if (lostOn == null) {
            lostOn = dataNode;
        }
    }

    /** Whether a data node has lost its part ({@link #lost}). */
    public boolean broken() {
        return lostOn != null;
    }

    /** The first data node that lost its part, or {@code null}. */
    public String lostOn() {
        return lostOn;
    }

    /** Back to no transaction: the next one starts clean. */
    void clear() {
        startStatement = "START TRANSACTION";
        readOnly = false;
        savepoints.clear();
        shardedNodes.clear();
        participants.clear();
        gtrid = null;
        lostOn = null;
    }
}
