package io.tessera.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.proxy.config.ConfigLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoConfigurationTest {

    private static final Map<String, String> DEMO_VALUES = Map.of(
            "host1Port", "3307", "host2Port", "3308", "serverPort", "8066", "managerPort", "9066");

    @TempDir
    Path temp;

    @Test
    void laysTheRenderedTemplatesOverTheConfigurationFiles() throws IOException {
        Path conf = temp.resolve("conf");
        Files.createDirectories(conf.resolve("demo"));
        Files.writeString(conf.resolve("schema.dtd"), "dtd");
        Files.writeString(conf.resolve("schema.xml"), "shipped");
        Files.writeString(conf.resolve("demo/schema.xml"), "<url>127.0.0.1:${host1Port}</url>");
        Files.writeString(conf.resolve("demo/db1.sql"), "CREATE TABLE t (id INT);");

        Path target = temp.resolve("out");
        new DemoConfiguration(conf).write(target, Map.of("host1Port", "3307"));

        assertThat(target.resolve("schema.dtd")).hasContent("dtd");
        assertThat(target.resolve("schema.xml")).hasContent("<url>127.0.0.1:3307</url>");
        assertThat(target.resolve("db1.sql")).doesNotExist();
    }

    @Test
    void readsTheSeedScriptOfADatabase() throws IOException {
        Path conf = temp.resolve("conf");
        Files.createDirectories(conf.resolve("demo"));
        Files.writeString(conf.resolve("demo/db1.sql"), "CREATE TABLE t (id INT);");

        DemoConfiguration demo = new DemoConfiguration(conf);

        assertThat(demo.seedScript("db1")).isEqualTo("CREATE TABLE t (id INT);");
        assertThat(demo.seedScript("db9")).isEmpty();
    }

    @Test
    void rejectsAnUnknownPlaceholder() throws IOException {
        Path conf = temp.resolve("conf");
        Files.createDirectories(conf.resolve("demo"));
        Files.writeString(conf.resolve("demo/server.xml"), "<port>${serverPort}</port><x>${nope}</x>");

        assertThatThrownBy(() -> new DemoConfiguration(conf).write(temp.resolve("out"), Map.of("serverPort", "1")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown placeholder ${nope}")
                .hasMessageContaining("serverPort");
    }

    @Test
    void rejectsAConfigurationDirectoryWithoutTemplates() {
        assertThatThrownBy(() -> new DemoConfiguration(temp))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no demo templates");
    }

    @Test
    void shippedTemplatesUseOnlyThePlaceholdersTheDemoFillsIn() throws IOException {
        Path target = temp.resolve("out");

        new DemoConfiguration(Path.of("../conf")).write(target, DEMO_VALUES);

        assertThat(target.resolve("schema.xml")).content().contains("127.0.0.1:3307", "127.0.0.1:3308")
                .doesNotContain("${");
        assertThat(target.resolve("server.xml")).content().contains(">8066<", ">9066<").doesNotContain("${");
        assertThat(target.resolve("server.dtd")).exists();
    }

    @Test
    void shippedTemplatesUseOnlySettingsThatHaveAnEffect() throws IOException {
        Path target = temp.resolve("out");

        new DemoConfiguration(Path.of("../conf")).write(target, DEMO_VALUES);

        assertThat(ConfigLoader.loadWithWarnings(target).warnings()).isEmpty();
    }
}
