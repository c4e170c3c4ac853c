package io.tessera.proxy.config;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * MyCat's {@code conf/myid.properties}: whether this node takes its configuration from ZooKeeper ({@code loadZk}),
 * where ZooKeeper is ({@code zkURL}), which cluster ({@code clusterId}) and which node of it this is ({@code myid}).
 * {@code clusterSize} and {@code clusterNodes} name the nodes expected, which {@code show @@cluster} compares with
 * those that joined.
 *
 * @param zkUrl ZooKeeper's connect string: {@code host:port[,host:port...]}
 * @param clusterNodes the nodes expected, in the file's order; empty when not written
 * @param clusterSize how many nodes are expected; 0 when not written
 */
public record ClusterSettings(String zkUrl, String clusterId, String myid, int clusterSize,
        List<String> clusterNodes) {

    public static final String FILE = "myid.properties";

    /** A ZooKeeper node name: no '/', not "." or "..", nothing ZooKeeper rejects. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.\\-]+");
    private static final Pattern CONNECT = Pattern.compile("[^\\s,/]+:\\d{1,5}(,[^\\s,/]+:\\d{1,5})*");

    public ClusterSettings {
        clusterNodes = List.copyOf(clusterNodes);
    }

    /**
     * The cluster settings of {@code confDir}: empty when it has no {@code myid.properties} or that file says
     * {@code loadZk=false} (a node on its own, MyCat's default).
     *
     * @throws ConfigException naming each key that is missing or wrong when {@code loadZk=true}
     */
    public static Optional<ClusterSettings> read(Path confDir) {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(confDir.resolve(FILE), StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + confDir.resolve(FILE), e);
        }
        String loadZk = value(properties, "loadZk");
        if (loadZk == null || loadZk.toLowerCase(Locale.ROOT).equals("false")) {
            return Optional.empty();
        }
        List<String> problems = new ArrayList<>();
        if (!loadZk.toLowerCase(Locale.ROOT).equals("true")) {
            problems.add(FILE + ": loadZk=" + loadZk + " (expected: true or false)");
        }
        String zkUrl = required(properties, "zkURL", CONNECT, "host:port[,host:port...]", problems);
        String clusterId = required(properties, "clusterId", NAME, "letters, digits, '_', '-', '.'", problems);
        String myid = required(properties, "myid", NAME, "letters, digits, '_', '-', '.'", problems);
        int clusterSize = clusterSize(value(properties, "clusterSize"), problems);
        String nodes = value(properties, "clusterNodes");
        List<String> clusterNodes = nodes == null || nodes.isEmpty() ? List.of()
                : Arrays.stream(nodes.split(",")).map(String::trim).toList();
        if (myid != null && !clusterNodes.isEmpty() && !clusterNodes.contains(myid)) {
            problems.add(FILE + ": myid=" + myid + " is not among clusterNodes=" + nodes);
        }
        if (clusterSize > 0 && !clusterNodes.isEmpty() && clusterSize != clusterNodes.size()) {
            problems.add(FILE + ": clusterSize=" + clusterSize + " but clusterNodes names " + clusterNodes.size()
                    + " nodes");
        }
        String type = value(properties, "type");
        if (type != null && !type.equalsIgnoreCase("server")) {
            problems.add(FILE + ": type=" + type + " is not supported (expected: server; MyCat's booster nodes are"
                    + " not)");
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return Optional.of(new ClusterSettings(zkUrl, clusterId, myid, clusterSize, clusterNodes));
    }

    private static String value(Properties properties, String key) {
        String value = properties.getProperty(key);
        return value == null ? null : value.trim();
    }

    private static String required(Properties properties, String key, Pattern pattern, String expected,
            List<String> problems) {
        String value = value(properties, key);
        if (value == null || value.isEmpty()) {
            problems.add(FILE + ": " + key + " is required with loadZk=true");
            return null;
        }
        if (!pattern.matcher(value).matches()) {
            problems.add(FILE + ": " + key + "=" + value + " (expected: " + expected + ")");
            return null;
        }
        return value;
    }

    private static int clusterSize(String value, List<String> problems) {
        if (value == null || value.isEmpty()) {
            return 0;
        }
        try {
            int size = Integer.parseInt(value);
            if (size >= 1) {
                return size;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(FILE + ": clusterSize=" + value + " (expected: a whole number >= 1)");
        return 0;
    }
}
