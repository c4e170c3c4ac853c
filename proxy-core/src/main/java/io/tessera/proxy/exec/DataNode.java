package io.tessera.proxy.exec;

import io.tessera.backend.pool.DataHostPool;
import java.util.concurrent.atomic.LongAdder;

/** A shard: one database on one data host's pool, with the counts of statements sent to it. */
public final class DataNode {

    private final String name;
    private final DataHostPool pool;
    private final String database;
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();

    public DataNode(String name, DataHostPool pool, String database) {
        this.name = name;
        this.pool = pool;
        this.database = database;
    }

    public String name() {
        return name;
    }

    public DataHostPool pool() {
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
        return "data node " + name + " (data host " + pool.settings().name() + ", database " + database + ")";
    }
}
