package io.tessera.proxy.sequence;

import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.exec.DataNode;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Builds the {@link Sequences} handler that server.xml's {@code sequenceHandlerType} names, from its file in the
 * conf directory: 0 {@code sequence_conf.properties}, 1 {@code sequence_db_conf.properties}, 2
 * {@code sequence_time_conf.properties}. The files are read once, at start; {@code reload @@config} keeps the
 * handler running, since a local file handler re-reading its file could hand out the ids of a block it reserved.
 * Without {@code sequenceHandlerType} in server.xml and without {@code sequence_conf.properties}, there are no
 * sequences (every name is unknown), so that a configuration that does not use them needs no file.
 */
public final class SequencesFactory {

    private SequencesFactory() {
    }

    /**
     * The handler of {@code config}.
     *
     * @param dataNodes the running data nodes by name, looked up when a database sequence fetches a block
     * @param blocking where file writes and waits run: never the caller's thread
     * @throws io.tessera.proxy.config.ConfigException when the handler's file is missing or wrong, naming file and key
     */
    public static Sequences create(TesseraConfig config, Function<String, DataNode> dataNodes, Executor blocking) {
        SystemConfig system = config.system();
        return switch (system.sequenceHandlerType()) {
            case 0 -> LocalFileSequences.open(config.resolve(LocalFileSequences.FILE),
                    system.sequenceHandlerTypeWritten(), blocking, LocalFileSequences.BLOCK_SIZE);
            case 1 -> DatabaseSequences.open(config.resolve(DatabaseSequences.FILE), config.dataNodes().keySet(),
                    dataNodes);
            case 2 -> TimeSequences.open(config.resolve(TimeSequences.FILE), blocking);
            default -> throw new IllegalArgumentException("sequenceHandlerType: " + system.sequenceHandlerType()
                    + " (expected: 0..2, which the configuration load checks)");
        };
    }

    /**
     * Checks the sequence file of {@code config} as {@link #create} would read it, without using it
     * ({@code bin/tessera check}).
     *
     * @throws io.tessera.proxy.config.ConfigException when the file is missing or wrong, naming file and key
     */
    public static void check(TesseraConfig config) {
        create(config, name -> null, Runnable::run).close();
    }
}
