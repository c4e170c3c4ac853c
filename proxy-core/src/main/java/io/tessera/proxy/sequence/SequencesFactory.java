package io.tessera.proxy.sequence;

import io.tessera.proxy.cluster.ZooKeeperRoot;
import io.tessera.proxy.config.ClusterSettings;
import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.exec.DataNode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Builds the {@link Sequences} handler that server.xml's {@code sequenceHandlerType} names, from its file in the
 * conf directory: 0 {@code sequence_conf.properties}, 1 {@code sequence_db_conf.properties}, 2
 * {@code sequence_time_conf.properties}; in cluster mode also 3 {@code sequence_distributed_conf.properties} and 4
 * {@code sequence_conf.properties}, with their state in ZooKeeper. The files are read once, at start;
 * {@code reload @@config} keeps the handler running, since a local file handler re-reading its file could hand out
 * the ids of a block it reserved. Without {@code sequenceHandlerType} in server.xml and without
 * {@code sequence_conf.properties}, there are no sequences (every name is unknown), so that a configuration that does
 * not use them needs no file.
 */
public final class SequencesFactory {

    private SequencesFactory() {
    }

    /**
     * The handler of {@code config}.
     *
     * @param dataNodes the running data nodes by name, looked up when a database sequence fetches a block
     * @param blocking where file writes and waits run: never the caller's thread
     * @param zooKeeper the cluster's ZooKeeper, for handlers 3 and 4; empty for a node on its own
     * @throws io.tessera.proxy.config.ConfigException when the handler's file is missing or wrong, naming file and key
     */
    public static Sequences create(TesseraConfig config, Function<String, DataNode> dataNodes, Executor blocking,
            Optional<ZooKeeperRoot> zooKeeper) {
        SystemConfig system = config.system();
        return switch (system.sequenceHandlerType()) {
            case 0 -> LocalFileSequences.open(config.resolve(LocalFileSequences.FILE),
                    system.sequenceHandlerTypeWritten(), blocking, LocalFileSequences.BLOCK_SIZE);
            case 1 -> DatabaseSequences.open(config.resolve(DatabaseSequences.FILE), config.dataNodes().keySet(),
                    dataNodes);
            case 2 -> TimeSequences.open(config.resolve(TimeSequences.FILE), blocking);
            case 3 -> ZooKeeperTimeSequences.open(config.resolve(ZooKeeperTimeSequences.FILE),
                    clusterOnly(config, zooKeeper), blocking);
            case 4 -> ZooKeeperIncrementSequences.open(config.resolve(LocalFileSequences.FILE),
                    clusterOnly(config, zooKeeper), blocking);
            default -> throw new IllegalArgumentException("sequenceHandlerType: " + system.sequenceHandlerType()
                    + " (expected: 0..4, which the configuration load checks)");
        };
    }

    /** As above, for a node on its own (no ZooKeeper: handlers 3 and 4 are refused). */
    public static Sequences create(TesseraConfig config, Function<String, DataNode> dataNodes, Executor blocking) {
        return create(config, dataNodes, blocking, Optional.empty());
    }

    /** The cluster's ZooKeeper, which handlers 3 and 4 keep their state in: none for a node on its own. */
    private static ZooKeeperRoot clusterOnly(TesseraConfig config, Optional<ZooKeeperRoot> zooKeeper) {
        return zooKeeper.orElseThrow(() -> notClustered(config));
    }

    private static ConfigException notClustered(TesseraConfig config) {
        int type = config.system().sequenceHandlerType();
        return new ConfigException(List.of("server.xml: <system>: sequenceHandlerType " + type + " ("
                + (type == 3 ? "ZooKeeper distributed" : "ZooKeeper increment") + ") needs cluster mode: "
                + ClusterSettings.FILE + " with loadZk=true"));
    }

    /**
     * Checks the sequence file of {@code config} as {@link #create} would read it, without using it
     * ({@code bin/tessera check}).
     *
     * @throws io.tessera.proxy.config.ConfigException when the file is missing or wrong, naming file and key
     */
    public static void check(TesseraConfig config) {
        int type = config.system().sequenceHandlerType();
        if (type == 3 || type == 4) {
            if (ClusterSettings.read(config.confDir()).isEmpty()) {
                throw notClustered(config);
            }
            SequenceFile file = SequenceFile.read(config.resolve(type == 3 ? ZooKeeperTimeSequences.FILE
                    : LocalFileSequences.FILE));
            if (type == 4) {
                SequenceRanges.read(file);
            }
            file.throwProblems(); // handler 3's keys are checked when it claims its instance id at start
            return;
        }
        create(config, name -> null, Runnable::run, Optional.empty()).close();
    }
}
