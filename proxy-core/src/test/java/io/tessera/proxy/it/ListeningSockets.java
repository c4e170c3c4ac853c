package io.tessera.proxy.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP ports this JVM listens on, from Linux's {@code /proc}: the sockets among its open files that
 * {@code /proc/self/net/tcp} and {@code tcp6} show in state LISTEN. Other processes' listeners do not count, so tests
 * running beside this one cannot disturb it.
 */
final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    static Set<Integer> portsOfThisProcess() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // a descriptor closed while listed
                }
            }
        }
        Set<Integer> ports = new HashSet<>();
        for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.trim().split("\\s+");
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                if (fields[3].equals(LISTEN) && inodes.contains(fields[9])) {
                    String local = fields[1];
                    ports.add(Integer.parseInt(local.substring(local.indexOf(':') + 1), 16));
                }
            }
        }
        return ports;
    }
}
