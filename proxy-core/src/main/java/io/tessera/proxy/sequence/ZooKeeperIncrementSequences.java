package io.tessera.proxy.sequence;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.cluster.ZooKeeperRoot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * {@code sequenceHandlerType} 4, MyCat's {@code IncrSequenceZKHandler}: the sequences of
 * {@code sequence_conf.properties} ({@link SequenceRanges}), their ids taken by every Tessera node of the cluster from
 * one counter per sequence in ZooKeeper ({@code /tessera/<clusterId>/sequences/<NAME>}: the last id reserved). The
 * file's CURID starts the counter when ZooKeeper has none yet; after that ZooKeeper's counter is the one that counts,
 * and the file is not written. A node reserves blocks of {@value #BLOCK_SIZE} (or the count asked, if larger) by a
 * compare-and-set on the counter, so two nodes never get the same block, and ids from a block already reserved go on
 * being handed out while ZooKeeper does not answer; a new block then fails.
 */
final class ZooKeeperIncrementSequences implements Sequences {

    static final int BLOCK_SIZE = 1000;
    /** Compare-and-set tries before a reservation gives up: only other nodes reserving at the same moment fail one. */
    private static final int MAX_TRIES = 100;

    private final Map<String, SequenceRanges.Range> ranges;
    private final ZooKeeperRoot zooKeeper;
    private final Executor blocking;
    private final BlockSequences sequences;

    private ZooKeeperIncrementSequences(Map<String, SequenceRanges.Range> ranges, ZooKeeperRoot zooKeeper,
            Executor blocking) {
        this.ranges = ranges;
        this.zooKeeper = zooKeeper;
        this.blocking = blocking;
        this.sequences = new BlockSequences(ranges.keySet(), this::reserve);
    }

    /**
     * Reads and checks {@code path} ({@code sequence_conf.properties}, which must exist).
     *
     * @throws io.tessera.proxy.config.ConfigException naming the file and the key of every problem
     */
    static ZooKeeperIncrementSequences open(Path path, ZooKeeperRoot zooKeeper, Executor blocking) {
        return new ZooKeeperIncrementSequences(SequenceRanges.read(SequenceFile.read(path)), zooKeeper, blocking);
    }

    @Override
    public CompletableFuture<Long> next(String name, int count) {
        return sequences.next(name, count);
    }

    @Override
    public boolean has(String name) {
        return sequences.has(name);
    }

    private CompletableFuture<BlockSequence.Block> reserve(String name, int count) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return reserveIn(name, count);
            } catch (TesseraException e) {
                throw e;
            } catch (Exception e) {
                throw new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name + ": cannot reserve ids in"
                        + " ZooKeeper: " + e);
            }
        }, blocking);
    }

    private BlockSequence.Block reserveIn(String name, int count) throws Exception {
        SequenceRanges.Range range = ranges.get(name);
        String path = zooKeeper.path() + "/sequences/" + name;
        for (int attempt = 1; attempt <= MAX_TRIES; attempt++) {
            Stat stat = new Stat();
            long curid;
            try {
                curid = Long.parseLong(new String(zooKeeper.client().getData().storingStatIn(stat).forPath(path),
                        StandardCharsets.UTF_8).trim());
            } catch (KeeperException.NoNodeException e) {
                try {
                    zooKeeper.client().create().creatingParentContainersIfNeeded().forPath(path, bytes(range.curid()));
                } catch (KeeperException.NodeExistsException another) {
                    // another node started the counter first: read its value
                }
                continue;
            }
            long from = Math.max(curid, range.min() - 1); // a MINID raised in the file skips what lies below it
            long left = range.max() - from;
            if (left < count) {
                throw ErrorCode.SEQUENCE_RUN_OUT.exception(name, "MAXID " + range.max() + " reached (ZooKeeper's"
                        + " CURID " + curid + ", " + count + " ids asked); raise " + name + ".MAXID in "
                        + LocalFileSequences.FILE + " on every node");
            }
            long size = Math.max(BLOCK_SIZE, count);
            long last = left <= size ? range.max() : from + size;
            try {
                zooKeeper.client().setData().withVersion(stat.getVersion()).forPath(path, bytes(last));
                return new BlockSequence.Block(from + 1, last);
            } catch (KeeperException.BadVersionException e) {
                // another node reserved a block in between: try again from its counter
            }
        }
        throw new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name + ": " + MAX_TRIES + " tries to reserve"
                + " ids in ZooKeeper each lost to another node");
    }

    private static byte[] bytes(long value) {
        return Long.toString(value).getBytes(StandardCharsets.UTF_8);
    }
}
