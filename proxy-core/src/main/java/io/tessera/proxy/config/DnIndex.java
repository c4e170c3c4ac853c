package io.tessera.proxy.config;

import io.tessera.backend.host.WriteHostSwitchListener;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * MyCat's {@code conf/dnindex.properties}: for each data host that has switched its writes, {@code dataHost=index}
 * of its active {@code <writeHost>}, counting from 0. Read at start (and on a reload, for the data hosts it builds
 * anew) so that a data host writes where it wrote before; written on every switch, whole, through a temporary file
 * that is synced and then moved over the old one, so that a crash leaves the old file or the new one.
 *
 * <p>Thread safety: {@link #switched} may be called from any thread; writes are serialised.
 */
public final class DnIndex implements WriteHostSwitchListener {

    /** Its name in the configuration directory. */
    public static final String FILE = "dnindex.properties";

    private final Path file;

    /** The file at {@code file}, e.g. {@code config.resolve(DnIndex.FILE)}. */
    public DnIndex(Path file) {
        this.file = file;
    }

    /** Where the file is. */
    public Path file() {
        return file;
    }

    /**
     * What the file says, for the data hosts named in {@code writeHosts}.
     *
     * @param indexes the recorded index of each data host that has a valid one
     * @param warnings one line per value Tessera cannot use, each saying that the data host starts on its first
     *     write host; for every data host when the file cannot be read
     */
    public record Reading(Map<String, Integer> indexes, List<String> warnings) {

        public Reading {
            indexes = Map.copyOf(indexes);
            warnings = List.copyOf(warnings);
        }

        /** The write host index {@code dataHost} starts on: the recorded one, else 0. */
        public int indexOf(String dataHost) {
            return indexes.getOrDefault(dataHost, 0);
        }
    }

    /**
     * Reads the file; a missing file records nothing.
     *
     * @param writeHosts the names of each data host's write hosts in schema.xml order, by data host name
     */
    public Reading read(Map<String, List<String>> writeHosts) {
        Map<String, Integer> indexes = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        if (!Files.exists(file)) {
            return new Reading(indexes, warnings);
        }
        Properties values;
        try {
            values = load();
        } catch (IOException | IllegalArgumentException e) {
            warnings.add(FILE + ": cannot be read (" + e.getMessage() + "): every data host starts on its first"
                    + " writeHost");
            return new Reading(indexes, warnings);
        }
        for (Map.Entry<String, List<String>> host : writeHosts.entrySet()) {
            String value = values.getProperty(host.getKey());
            if (value == null) {
                continue;
            }
            List<String> names = host.getValue();
            int index = parse(value);
            if (index >= 0 && index < names.size()) {
                indexes.put(host.getKey(), index);
            } else {
                warnings.add(FILE + ": " + host.getKey() + "=" + value.trim() + " names no writeHost of data host "
                        + host.getKey() + " (expected: 0.." + (names.size() - 1) + "): it starts on its first"
                        + " writeHost \"" + names.get(0) + "\"");
            }
        }
        return new Reading(indexes, warnings);
    }

    /**
     * Records {@code activeWriteIndex} for {@code dataHost}, keeping the other data hosts' values.
     *
     * @throws UncheckedIOException when the file cannot be written; the old one is then left as it was
     */
    @Override
    public synchronized void switched(String dataHost, int activeWriteIndex) {
        Properties values = new Properties();
        try {
            if (Files.exists(file)) {
                values = load();
            }
        } catch (IOException | IllegalArgumentException e) {
            values = new Properties(); // unusable anyway: replace it with what is known now
        }
        values.setProperty(dataHost, Integer.toString(activeWriteIndex));
        try {
            write(values);
        } catch (IOException e) {
            throw new UncheckedIOException(FILE + ": cannot write " + dataHost + "=" + activeWriteIndex + " to "
                    + file, e);
        }
    }

    private Properties load() throws IOException {
        Properties values = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            values.load(reader);
        }
        return values;
    }

    private void write(Properties values) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, FILE, ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                Writer writer = Channels.newWriter(channel, StandardCharsets.ISO_8859_1);
                values.store(writer, "the active writeHost of each data host, written by Tessera on a switch");
                writer.flush();
                channel.force(true);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
        try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
            directory.force(true); // the rename itself survives a crash
        } catch (IOException e) {
            // some file systems cannot sync a directory; the file's content is synced already
        }
    }

    private static int parse(String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public String toString() {
        return "DnIndex[" + file + "]";
    }
}
