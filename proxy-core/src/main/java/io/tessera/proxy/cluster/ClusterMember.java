package io.tessera.proxy.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.admin.ClusterNodeView;
import io.tessera.backend.host.DataHost;
import io.tessera.proxy.config.ClusterSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.zookeeper.CreateMode;

/**
 * This node as a member of a Tessera cluster in ZooKeeper ({@code myid.properties}, {@code loadZk=true}). At start,
 * before {@code conf/} is read, {@link #prepare} writes the cluster's configuration version into it (or pushes
 * {@code conf/} as version 1 when the cluster has none). Once the node serves, {@link #join} shows it under
 * {@code /tessera/<clusterId>/members/<myid>} (an ephemeral node, gone when the node is) and follows the version in
 * force: each newer one is written into {@code conf/} and reloaded as {@code reload @@config_all} would, checked whole
 * before it takes effect; a version that fails to load leaves the node on the one it runs, and its member node says
 * why. Without ZooKeeper the node keeps serving on the configuration it runs, says so in the log and in
 * {@code show @@cluster}, and catches up when ZooKeeper is back. ZooKeeper work runs on one thread of its own.
 */
public final class ClusterMember implements Cluster {

    private static final Logger LOG = LogManager.getLogger(ClusterMember.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SESSION_TIMEOUT_MILLIS = 15_000;
    private static final int CONNECTION_TIMEOUT_MILLIS = 5_000;

    /** What a member node holds: how the others reach this node, and which configuration it runs. */
    public record Info(String host, int serverPort, int managerPort, String version, long configVersion,
            String configError) {
    }

    private final ClusterSettings settings;
    private final CuratorFramework client;
    private final ConfigStore store;
    private final Path confDir;
    private final String membersPath;
    private final ExecutorService worker;
    private final CuratorCache members;
    private volatile long running;          // the configuration version this node runs
    private volatile long attempted;        // the newest version it tried, loaded or not
    private volatile String configError = "";
    private volatile boolean reachable = true;
    private Endpoint endpoint;              // set by join, on the worker
    private Supplier<CompletableFuture<?>> reload;
    private PersistentNode membership;
    private CuratorCache current;
    private WriteHostAgreement agreement;   // with useZKSwitch only

    private ClusterMember(ClusterSettings settings, CuratorFramework client, Path confDir) {
        this.settings = settings;
        this.client = client;
        this.store = new ConfigStore(client, settings.clusterId());
        this.confDir = confDir;
        this.membersPath = "/tessera/" + settings.clusterId() + "/members";
        this.worker = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tessera-cluster");
            thread.setDaemon(true);
            return thread;
        });
        this.members = CuratorCache.build(client, membersPath);
    }

    /**
     * Connects to the cluster's ZooKeeper, waiting up to {@code timeout} for it; without an answer the member keeps
     * trying in the background (see {@link #prepare}).
     */
    public static ClusterMember connect(ClusterSettings settings, Path confDir, Duration timeout)
            throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(settings.zkUrl())
                .sessionTimeoutMs(SESSION_TIMEOUT_MILLIS)
                .connectionTimeoutMs(CONNECTION_TIMEOUT_MILLIS)
                .retryPolicy(new ExponentialBackoffRetry(200, 3))
                .build();
        client.start();
        ClusterMember member = new ClusterMember(settings, client, confDir);
        member.reachable = client.blockUntilConnected((int) timeout.toMillis(), TimeUnit.MILLISECONDS);
        return member;
    }

    /**
     * Brings {@code conf/} to the cluster's configuration before it is read: writes the version in force into it, or,
     * when the cluster has none yet, pushes it as version 1. Without ZooKeeper, {@code conf/} stays as the last
     * version written into it left it, and the node catches up once ZooKeeper answers.
     *
     * @return the version {@code conf/} now holds
     */
    public long prepare() throws Exception {
        if (!reachable) {
            running = ConfigStore.versionIn(confDir);
            attempted = running;
            LOG.warn("cluster {}: ZooKeeper at {} unreachable at start; starting on {} as it is (configuration"
                    + " version {})", settings.clusterId(), settings.zkUrl(), confDir, running);
            return running;
        }
        long version = store.current();
        if (version == 0) {
            version = store.push(confDir);
            LOG.warn("cluster {}: ZooKeeper held no configuration; {} pushed as version {}", settings.clusterId(),
                    confDir, version);
        } else {
            store.writeInto(version, confDir);
        }
        running = version;
        attempted = version;
        return version;
    }

    @Override
    public WriteHostPolicy writeHostPolicy(boolean useZkSwitch) {
        if (!useZkSwitch) {
            return WriteHostPolicy.ALONE;
        }
        agreement = new WriteHostAgreement(client, settings.clusterId(), worker);
        return new WriteHostPolicy(agreement, agreement::switched, this::agreedWriteIndex);
    }

    @Override
    public Optional<ZooKeeperRoot> zooKeeper() {
        return Optional.of(new ZooKeeperRoot(client, "/tessera/" + settings.clusterId()));
    }

    @Override
    public void join(Endpoint endpoint, Supplier<CompletableFuture<?>> reload, Function<String, DataHost> dataHosts) {
        CompletableFuture.runAsync(() -> {
            this.endpoint = endpoint;
            this.reload = reload;
            try {
                String path = membersPath + "/" + settings.myid();
                if (reachable && client.checkExists().forPath(path) != null) {
                    LOG.warn("cluster {}: member {} is held by another ZooKeeper session: another node with the same"
                            + " myid, or this node's previous run until its session expires ({} s); this node takes"
                            + " it over then", settings.clusterId(), settings.myid(), SESSION_TIMEOUT_MILLIS / 1000);
                }
                membership = new PersistentNode(client, CreateMode.EPHEMERAL, false, path, info());
                membership.start(); // created now, or once ZooKeeper answers
            } catch (Exception e) {
                throw new IllegalStateException("cannot join cluster " + settings.clusterId() + ": " + e.getMessage(),
                        e);
            }
            members.start();
            if (agreement != null) {
                agreement.follow(dataHosts);
            }
            current = CuratorCache.build(client, store.currentPath());
            current.listenable().addListener((type, before, after) -> worker.execute(this::followCurrent));
            current.start();
            client.getConnectionStateListenable().addListener((c, state) -> connectionChanged(state));
            followCurrent(); // a push between prepare() and now
        }, worker).join();
    }

    @Override
    public CompletableFuture<OptionalLong> publish() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                long version = store.push(confDir);
                running = version;
                attempted = version;
                configError = "";
                updateMembership();
                LOG.warn("cluster {}: configuration version {} pushed from {}", settings.clusterId(), version,
                        confDir);
                return OptionalLong.of(version);
            } catch (Exception e) {
                throw new CompletionException(new IllegalStateException("the configuration took effect on this node"
                        + " but could not be pushed to cluster " + settings.clusterId() + ": " + e.getMessage(), e));
            }
        }, worker);
    }

    /** The configuration version this node runs. */
    public long configVersion() {
        return running;
    }

    @Override
    public List<ClusterNodeView> nodes() {
        Map<String, ClusterNodeView> joined = new TreeMap<>();
        for (ChildData child : members.stream().toList()) {
            String myid = child.getPath().substring(child.getPath().lastIndexOf('/') + 1);
            if (child.getPath().equals(membersPath) || child.getData() == null) {
                continue;
            }
            Info info = read(child.getData());
            joined.put(myid, new ClusterNodeView(myid, "UP", info.host(), info.serverPort(), info.managerPort(),
                    info.version(), info.configVersion(), info.configError(), myid.equals(settings.myid())));
        }
        if (!reachable || !joined.containsKey(settings.myid())) {
            Info self = selfInfo();
            joined.put(settings.myid(), new ClusterNodeView(settings.myid(), reachable ? "UP" : "ZK_UNREACHABLE",
                    self.host(), self.serverPort(), self.managerPort(), self.version(), running, configError, true));
        }
        Map<String, ClusterNodeView> rows = new LinkedHashMap<>();
        for (String expected : settings.clusterNodes()) {
            rows.put(expected, joined.getOrDefault(expected,
                    new ClusterNodeView(expected, "ABSENT", "", 0, 0, "", 0, "", false)));
        }
        joined.forEach(rows::putIfAbsent);
        return new ArrayList<>(rows.values());
    }

    @Override
    public void close() {
        worker.shutdownNow();
        if (current != null) {
            current.close();
        }
        if (agreement != null) {
            agreement.close();
        }
        members.close();
        if (membership != null) {
            try {
                membership.close();
            } catch (IOException e) {
                LOG.warn("cluster {}: leaving: {}", settings.clusterId(), e.getMessage());
            }
        }
        client.close();
    }

    /** The write host the cluster recorded for {@code dataHost}; empty when none is, or ZooKeeper does not answer. */
    private OptionalInt agreedWriteIndex(String dataHost) {
        try {
            return agreement.recorded(dataHost);
        } catch (RuntimeException e) {
            LOG.warn("cluster {}: cannot read the agreed writeHost of data host {} from ZooKeeper ({}); it starts on"
                    + " the one dnindex.properties names", settings.clusterId(), dataHost, e.getMessage());
            return OptionalInt.empty();
        }
    }

    /** Loads the version in force when it is newer than any this node tried; on the worker. */
    private void followCurrent() {
        if (reload == null) {
            return;
        }
        long version;
        try {
            version = store.current();
            if (version <= attempted) {
                return;
            }
            attempted = version;
            store.writeInto(version, confDir);
        } catch (Exception e) {
            LOG.warn("cluster {}: cannot read the configuration in force from ZooKeeper ({}); running version {}",
                    settings.clusterId(), e.getMessage(), running);
            return;
        }
        try {
            reload.get().join();
            running = version;
            configError = "";
            LOG.warn("cluster {}: configuration version {} loaded", settings.clusterId(), version);
        } catch (CompletionException e) {
            configError = "version " + version + ": " + (e.getCause() == null ? e : e.getCause()).getMessage();
            LOG.warn("cluster {}: configuration version {} did not load, version {} stays: {}",
                    settings.clusterId(), version, running, configError);
        }
        updateMembership();
    }

    private void connectionChanged(ConnectionState state) {
        if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
            if (reachable) {
                LOG.warn("cluster {}: ZooKeeper at {} unreachable ({}); serving on configuration version {}",
                        settings.clusterId(), settings.zkUrl(), state, running);
            }
            reachable = false;
        } else if (state == ConnectionState.RECONNECTED || state == ConnectionState.CONNECTED) {
            if (!reachable) {
                LOG.warn("cluster {}: ZooKeeper at {} reachable again", settings.clusterId(), settings.zkUrl());
            }
            reachable = true;
            worker.execute(this::followCurrent);
        }
    }

    private void updateMembership() {
        if (membership == null) {
            return;
        }
        try {
            membership.setData(info());
        } catch (Exception e) {
            LOG.warn("cluster {}: cannot update member {}: {}", settings.clusterId(), settings.myid(),
                    e.getMessage());
        }
    }

    private Info selfInfo() {
        Endpoint at = endpoint;
        return at == null ? new Info("", 0, 0, "", running, configError)
                : new Info(at.host(), at.serverPort(), at.managerPort(), at.version(), running, configError);
    }

    private byte[] info() {
        try {
            return JSON.writeValueAsBytes(selfInfo());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Info read(byte[] data) {
        try {
            return JSON.readValue(data, Info.class);
        } catch (IOException e) {
            return new Info("", 0, 0, "", 0, "unreadable member data: " + e.getMessage());
        }
    }
}
