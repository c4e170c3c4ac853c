package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DnIndexTest {

    private static final Map<String, List<String>> HOSTS = Map.of("host1", List.of("hostM1", "hostM2"),
            "host2", List.of("hostM3", "hostM4", "hostM5"));

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve(DnIndex.FILE);
    }

    @Test
    void withoutTheFileEveryDataHostStartsOnItsFirstWriteHost() {
        DnIndex.Reading reading = new DnIndex(file()).read(HOSTS);

        assertThat(reading.indexes()).isEmpty();
        assertThat(reading.warnings()).isEmpty();
        assertThat(reading.indexOf("host1")).isZero();
    }

    @Test
    void aSwitchIsWrittenInMycatsFormatKeepingTheOtherDataHosts() throws IOException {
        Files.writeString(file(), "host2=2\nother=5\n");
        DnIndex dnIndex = new DnIndex(file());

        dnIndex.switched("host1", 1);

        Properties written = new Properties();
        try (var reader = Files.newBufferedReader(file())) {
            written.load(reader);
        }
        assertThat(written).containsExactlyInAnyOrderEntriesOf(Map.of("host1", "1", "host2", "2", "other", "5"));
        DnIndex.Reading reading = new DnIndex(file()).read(HOSTS);
        assertThat(reading.indexes()).containsExactlyInAnyOrderEntriesOf(Map.of("host1", 1, "host2", 2));
        assertThat(reading.warnings()).isEmpty();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("no temporary file is left").containsExactly(file());
        }
    }

    @Test
    void anIndexOutOfRangeOrNotANumberWarnsAndStartsOnZero() throws IOException {
        Files.writeString(file(), "host1=2\nhost2=x\n");

        DnIndex.Reading reading = new DnIndex(file()).read(HOSTS);

        assertThat(reading.indexOf("host1")).isZero();
        assertThat(reading.indexOf("host2")).isZero();
        assertThat(reading.warnings()).containsExactlyInAnyOrder(
                "dnindex.properties: host1=2 names no writeHost of data host host1 (expected: 0..1): it starts on its"
                        + " first writeHost \"hostM1\"",
                "dnindex.properties: host2=x names no writeHost of data host host2 (expected: 0..2): it starts on its"
                        + " first writeHost \"hostM3\"");
    }

    @Test
    void aMalformedFileWarnsAndIsReplacedOnTheNextSwitch() throws IOException {
        Files.writeString(file(), "host1=\\u12\n");

        assertThat(new DnIndex(file()).read(HOSTS).warnings()).singleElement().asString()
                .startsWith("dnindex.properties: cannot be read (");

        new DnIndex(file()).switched("host2", 1);
        assertThat(new DnIndex(file()).read(HOSTS).indexes()).containsExactly(Map.entry("host2", 1));
    }

    @Test
    void aFileThatCannotBeWrittenFailsTheRecordLoudly() {
        DnIndex dnIndex = new DnIndex(dir.resolve("missing").resolve(DnIndex.FILE));

        assertThatThrownBy(() -> dnIndex.switched("host1", 1)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("cannot write host1=1");
    }
}
