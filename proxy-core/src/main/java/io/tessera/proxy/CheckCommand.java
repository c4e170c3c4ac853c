package io.tessera.proxy;

import io.tessera.proxy.config.ClusterSettings;
import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.frontend.ClientTls;
import io.tessera.proxy.sequence.SequencesFactory;
import io.tessera.proxy.topology.DataHostMapper;
import io.tessera.proxy.topology.ModelMapper;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code bin/tessera check}: loads the configuration as a start would (the three files, then every sharding function
 * a table uses) and prints the outcome for a person at a terminal. It prints the warnings of the load too, which a
 * running server only logs: unknown names (a misspelt {@code serverPrt}) and settings that have no effect yet.
 * Warnings do not make the check fail.
 */
final class CheckCommand {

    /** The configuration can be used; it may have warnings. */
    static final int OK = 0;
    /** The configuration has problems. */
    static final int INVALID = 1;

    private CheckCommand() {
    }

    /**
     * Checks {@code confDir}: prints {@code configuration OK: <dir>} and the warnings to {@code out}, or every problem
     * and the warnings to {@code err}, one per line.
     *
     * @return {@link #OK} or {@link #INVALID}, the process's exit status
     */
    static int run(Path confDir, PrintStream out, PrintStream err) {
        Path dir = confDir.toAbsolutePath();
        Optional<ClusterSettings> cluster;
        ConfigLoader.Loaded loaded;
        try {
            cluster = ClusterSettings.read(dir);
            loaded = ConfigLoader.loadWithWarnings(dir);
        } catch (ConfigException e) {
            printProblems(dir, e, e.warnings(), err);
            return INVALID;
        }
        try {
            ModelMapper.catalog(loaded.config()); // builds every sharding function: their problems count too
            SequencesFactory.check(loaded.config()); // and reads the file of the sequence handler
            ClientTls.of(loaded.config()); // and the client port's certificate and key
            DataHostMapper.settings(loaded.config()); // and the data hosts' CA files
        } catch (ConfigException e) {
            printProblems(dir, e, loaded.warnings(), err);
            return INVALID;
        }
        List<String> warnings = loaded.warnings();
        out.println("configuration OK: " + dir + (warnings.isEmpty() ? "" : ", with " + count(warnings) + ":"));
        printWarnings(warnings, out);
        cluster.ifPresent(c -> out.println("cluster mode (" + ClusterSettings.FILE + "): node " + c.myid()
                + " of cluster " + c.clusterId() + ", ZooKeeper " + c.zkUrl() + ": at start the node writes the"
                + " cluster's configuration version into this directory and runs that"));
        return OK;
    }

    private static void printProblems(Path dir, ConfigException e, List<String> warnings, PrintStream err) {
        err.println("configuration error in " + dir + ":");
        e.problems().forEach(err::println);
        printWarnings(warnings, err);
    }

    private static void printWarnings(List<String> warnings, PrintStream stream) {
        warnings.forEach(warning -> stream.println("warning: " + warning));
    }

    private static String count(List<String> warnings) {
        return warnings.size() + (warnings.size() == 1 ? " warning" : " warnings");
    }
}
