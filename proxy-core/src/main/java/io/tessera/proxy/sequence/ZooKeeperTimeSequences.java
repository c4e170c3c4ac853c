package io.tessera.proxy.sequence;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.cluster.ZooKeeperRoot;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * {@code sequenceHandlerType} 3, MyCat's {@code DistributedSequenceHandler}: time-based ids, unique across the nodes
 * of a cluster because each node holds an instance id of its own. {@code sequence_distributed_conf.properties} has
 * {@code CLUSTERID} (0..31) and {@code INSTANCEID}: a number (0..31, the operator keeps it unique), or {@code ZK},
 * for the lowest one no other node of the same CLUSTERID holds, claimed as an ephemeral node under
 * {@code /tessera/<clusterId>/sequence-instances/<CLUSTERID>/}. Ids have the layout of the time-based handler (2),
 * CLUSTERID in the datacenter bits and the instance id in the worker bits ({@link TimeSequences}); MyCat's own bit
 * layout differs.
 *
 * <p>A claimed instance id is only safe while this node's ZooKeeper session holds it: once the connection is lost
 * ({@code SUSPENDED}), no id is handed out until ZooKeeper answers again and the claim is known to be this node's
 * (the same one, or a new one when the session expired). Statements asking for ids meanwhile fail; a number given as
 * INSTANCEID needs no ZooKeeper at all. An instance id another node let go of is only taken over after that node's
 * session expired, so ids stay unique as long as the nodes' clocks agree within the session timeout.
 */
final class ZooKeeperTimeSequences implements Sequences {

    static final String FILE = "sequence_distributed_conf.properties";
    private static final Logger LOG = LogManager.getLogger(ZooKeeperTimeSequences.class);
    private static final int INSTANCE_IDS = 32;

    private final ZooKeeperRoot zooKeeper;
    private final int clusterId;
    private final Executor blocking;
    private final ConnectionStateListener connection = (client, state) -> connectionChanged(state);
    private volatile TimeSequences ids;     // of instanceId: kept across a pause, so its ids keep growing
    private volatile int instanceId = -1;
    private volatile boolean held;          // instanceId is known to be this node's

    private ZooKeeperTimeSequences(ZooKeeperRoot zooKeeper, int clusterId, Executor blocking) {
        this.zooKeeper = zooKeeper;
        this.clusterId = clusterId;
        this.blocking = blocking;
    }

    /**
     * Reads {@code CLUSTERID} and {@code INSTANCEID} from {@code path}, and with {@code INSTANCEID=ZK} claims an
     * instance id.
     *
     * @throws io.tessera.proxy.config.ConfigException naming the file and the key of every problem
     * @throws IllegalStateException when every instance id of the CLUSTERID is held, or ZooKeeper does not answer
     */
    static ZooKeeperTimeSequences open(Path path, ZooKeeperRoot zooKeeper, Executor blocking) {
        SequenceFile file = SequenceFile.read(path);
        Long cluster = file.integer("CLUSTERID", 0, INSTANCE_IDS - 1);
        String instance = file.required("INSTANCEID");
        Integer fixed = null;
        if (instance != null && !instance.toUpperCase(Locale.ROOT).equals("ZK")) {
            Long number = file.integer("INSTANCEID", 0, INSTANCE_IDS - 1); // a problem names 0..31; ZK is the other
            fixed = number == null ? null : number.intValue();
        }
        file.throwProblems();
        ZooKeeperTimeSequences sequences = new ZooKeeperTimeSequences(zooKeeper, cluster.intValue(), blocking);
        if (fixed != null) {
            sequences.use(fixed);
        } else {
            sequences.claim();
            zooKeeper.client().getConnectionStateListenable().addListener(sequences.connection);
        }
        return sequences;
    }

    /** The instance id these ids carry, -1 while none is held. */
    int instanceId() {
        return held ? instanceId : -1;
    }

    @Override
    public CompletableFuture<Long> next(String name, int count) {
        TimeSequences current = ids;
        if (!held || current == null) {
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name
                    + ": this node holds no instance id of ZooKeeper right now (ZooKeeper at "
                    + zooKeeper.client().getZookeeperClient().getCurrentConnectionString() + " does not answer); ids"
                    + " resume once it does"));
        }
        return current.next(name, count);
    }

    @Override
    public boolean has(String name) {
        return true;
    }

    @Override
    public void close() {
        zooKeeper.client().getConnectionStateListenable().removeListener(connection);
        held = false;
    }

    private void use(int instance) {
        if (instance != instanceId || ids == null) {
            ids = new TimeSequences(instance, clusterId, System::currentTimeMillis, blocking);
            instanceId = instance;
        }
        held = true;
    }

    /** Claims the lowest free instance id (or keeps the one this session holds). */
    private void claim() {
        try {
            long session = zooKeeper.client().getZookeeperClient().getZooKeeper().getSessionId();
            String parent = zooKeeper.path() + "/sequence-instances/" + clusterId;
            if (instanceId >= 0) {
                Stat held = zooKeeper.client().checkExists().forPath(parent + "/" + instanceId);
                if (held != null && held.getEphemeralOwner() == session) {
                    use(instanceId);
                    return;
                }
            }
            for (int candidate = 0; candidate < INSTANCE_IDS; candidate++) {
                try {
                    zooKeeper.client().create().creatingParentContainersIfNeeded().withMode(CreateMode.EPHEMERAL)
                            .forPath(parent + "/" + candidate);
                    if (candidate != instanceId) {
                        LOG.warn("sequences: instance id {} of CLUSTERID {} claimed in ZooKeeper", candidate,
                                clusterId);
                    }
                    use(candidate);
                    return;
                } catch (KeeperException.NodeExistsException taken) {
                    // held by another node: try the next
                }
            }
            throw new IllegalStateException("sequences: all " + INSTANCE_IDS + " instance ids of CLUSTERID " + clusterId
                    + " are held by other nodes (" + FILE + ")");
        } catch (IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("sequences: cannot claim an instance id in ZooKeeper: " + e.getMessage(),
                    e);
        }
    }

    private void connectionChanged(ConnectionState state) {
        if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
            if (held) {
                LOG.warn("sequences: ZooKeeper unreachable ({}): no time-based ids until this node's instance id is"
                        + " confirmed again", state);
            }
            held = false;
        } else if (state == ConnectionState.RECONNECTED) {
            blocking.execute(() -> {
                try {
                    claim();
                } catch (IllegalStateException e) {
                    LOG.warn("{}", e.getMessage());
                }
            });
        }
    }
}
