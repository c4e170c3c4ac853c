package io.tessera.proxy.exec;

import io.tessera.backend.host.ConnectionSource;
import java.util.concurrent.atomic.LongAdder;

/** A shard: one database on one data host, with the counts of statements sent to it. */
public final class DataNode {

    private final String name;
    private final String dataHost;
    private final ConnectionSource host;
    private final String database;
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();

    /**
     * @param dataHost the data host's name
     * @param host the data host, or {@code null} for one Tessera cannot reach (its dbType)
     */
    public DataNode(String name, String dataHost, ConnectionSource host, String database) {
        this.name = name;
        this.dataHost = dataHost;
        this.host = host;
        this.database = database;
    }

    public String name() {
        return name;
    }

    public String dataHost() {
        return dataHost;
    }

    /** The data host, or {@code null} when it is of a type Tessera does not reach. */
    public ConnectionSource host() {
        return host;
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

    /**
     * "data node dn1 (data host host1)": how errors name it. Never its database, which clients must not read (the
     * admin port's {@code show @@datanode} shows it).
     */
    public String describe() {
        return "data node " + name + " (data host " + dataHost + ")";
    }
}
