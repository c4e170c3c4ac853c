package io.tessera.proxy.exec;

import io.tessera.backend.pool.ServerPool;
import java.util.concurrent.atomic.LongAdder;

/** A shard: one database on one data host's pool, with the counts of statements sent to it. */
public final class DataNode {

    private final String name;
    private final String dataHost;
    private final ServerPool pool;
    private final String database;
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();

    /** @param pool the data host's pool, or {@code null} for a data host Tessera cannot reach (its dbType) */
    public DataNode(String name, String dataHost, ServerPool pool, String database) {
        this.name = name;
        this.dataHost = dataHost;
        this.pool = pool;
        this.database = database;
    }

    public String name() {
        return name;
    }

    public String dataHost() {
        return dataHost;
    }

    /** The pool, or {@code null} when the data host is of a type Tessera does not reach. */
    public ServerPool pool() {
        return pool;
    }

    public String database() {
        return database;
    }

    /** Client statements sent to this node that read (SELECT, SHOW, ...). */
    public long reads() {
        return reads.sum();
    }

    /** Client statements sent to this node that may write (DML, DDL, ...). */
    public long writes() {
        return writes.sum();
    }

    void count(boolean read) {
        (read ? reads : writes).increment();
    }

    /** "data node dn1 (data host host1, database db1)": how errors name it. */
    public String describe() {
        return "data node " + name + " (data host " + dataHost + ", database " + database + ")";
    }
}
