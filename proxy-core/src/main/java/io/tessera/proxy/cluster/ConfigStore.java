package io.tessera.proxy.cluster;

import io.tessera.proxy.config.ClusterSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Versions of a {@code conf/} directory in ZooKeeper, one cluster's: each version is a node holding one child per
 * file, and {@code current} names the version in force. A push writes the new version and moves {@code current} to
 * it in one transaction, so a node reading {@code current} always finds the whole version; two pushes at once get
 * two versions, one after the other.
 *
 * <p>Layout under {@code /tessera/<clusterId>/config}: {@code current} (the version's number, as text) and
 * {@code versions/<number>/<file name>} (the file's bytes). Files are those a node reads as configuration; the
 * node's own ({@value ClusterSettings#FILE}, {@code dnindex.properties}, {@code jvm.options}, {@code log4j2.xml}),
 * hidden files and directories stay local.
 */
public final class ConfigStore {

    /** ZooKeeper's default limit on one node's data (jute.maxbuffer), less room for the request around it. */
    static final int MAX_FILE_BYTES = 1_000_000;
    private static final Set<String> LOCAL_FILES = Set.of(ClusterSettings.FILE, "dnindex.properties",
            "jvm.options", "log4j2.xml");
    private static final int PUSH_TRIES = 10;
    /** In a node's {@code conf/}: the version its files are, for a start without ZooKeeper. */
    static final String VERSION_FILE = ".cluster-version";

    private final CuratorFramework client;
    private final String root;

    public ConfigStore(CuratorFramework client, String clusterId) {
        this.client = client;
        this.root = "/tessera/" + clusterId + "/config";
    }

    /** The version in force, or 0 when nothing was pushed yet. */
    public long current() throws Exception {
        try {
            return Long.parseLong(new String(client.getData().forPath(currentPath()), StandardCharsets.UTF_8));
        } catch (KeeperException.NoNodeException e) {
            return 0;
        }
    }

    /** The path whose data names the version in force: watch it to learn of pushes. */
    public String currentPath() {
        return root + "/current";
    }

    /**
     * Writes the configuration files of {@code confDir} as a new version and makes it the one in force.
     *
     * @return the new version's number
     */
    public long push(Path confDir) throws Exception {
        Map<String, byte[]> files = configurationFiles(confDir);
        if (!files.containsKey("server.xml") || !files.containsKey("schema.xml")) {
            throw new IllegalArgumentException(confDir + " has no server.xml and schema.xml: not a conf/ directory");
        }
        client.createContainers(root + "/versions");
        for (int attempt = 1; ; attempt++) {
            Stat stat = client.checkExists().forPath(currentPath());
            long version = stat == null ? 1 : Long.parseLong(new String(client.getData().storingStatIn(stat)
                    .forPath(currentPath()), StandardCharsets.UTF_8)) + 1;
            List<CuratorOp> ops = new ArrayList<>();
            String versionPath = versionPath(version);
            ops.add(client.transactionOp().create().forPath(versionPath));
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                ops.add(client.transactionOp().create().forPath(versionPath + "/" + file.getKey(), file.getValue()));
            }
            byte[] number = Long.toString(version).getBytes(StandardCharsets.UTF_8);
            ops.add(stat == null ? client.transactionOp().create().forPath(currentPath(), number)
                    : client.transactionOp().setData().withVersion(stat.getVersion()).forPath(currentPath(), number));
            try {
                client.transaction().forOperations(ops);
                replace(confDir, VERSION_FILE, number);
                return version;
            } catch (KeeperException.NodeExistsException | KeeperException.BadVersionException e) {
                if (attempt == PUSH_TRIES) {
                    throw e; // another node kept pushing in between
                }
            }
        }
    }

    /** The files of {@code version}, by name. */
    public Map<String, byte[]> files(long version) throws Exception {
        Map<String, byte[]> files = new TreeMap<>();
        String versionPath = versionPath(version);
        for (String name : client.getChildren().forPath(versionPath)) {
            files.put(name, client.getData().forPath(versionPath + "/" + name));
        }
        return files;
    }

    /**
     * Writes {@code version}'s files into {@code confDir}, each replaced whole (a node reading it meanwhile sees the
     * old file or the new one), and the version's number into {@value #VERSION_FILE} there. Other files stay.
     */
    public void writeInto(long version, Path confDir) throws Exception {
        for (Map.Entry<String, byte[]> file : files(version).entrySet()) {
            replace(confDir, file.getKey(), file.getValue());
        }
        replace(confDir, VERSION_FILE, Long.toString(version).getBytes(StandardCharsets.UTF_8));
    }

    /** The version last written into {@code confDir} (or pushed from it), or 0 when none was. */
    public static long versionIn(Path confDir) {
        try {
            return Long.parseLong(Files.readString(confDir.resolve(VERSION_FILE)).trim());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static void replace(Path confDir, String name, byte[] content) throws IOException {
        Path temporary = Files.createTempFile(confDir, "." + name, ".zk");
        try {
            Files.write(temporary, content);
            Files.move(temporary, confDir.resolve(name), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private String versionPath(long version) {
        return String.format("%s/versions/%010d", root, version);
    }

    /** The regular files of {@code confDir} a node reads as configuration, by name. */
    static Map<String, byte[]> configurationFiles(Path confDir) {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> entries = Files.list(confDir)) {
            for (Path file : entries.filter(Files::isRegularFile).sorted().toList()) {
                String name = file.getFileName().toString();
                if (LOCAL_FILES.contains(name) || name.startsWith(".")) {
                    continue;
                }
                byte[] bytes = Files.readAllBytes(file);
                if (bytes.length > MAX_FILE_BYTES) {
                    throw new IllegalArgumentException(file + " has " + bytes.length + " bytes: ZooKeeper holds at"
                            + " most " + MAX_FILE_BYTES + " per file");
                }
                files.put(name, bytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + confDir, e);
        }
        return files;
    }
}
