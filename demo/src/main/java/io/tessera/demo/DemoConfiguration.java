package io.tessera.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the demo's configuration directory from the templates in {@code conf/demo/}.
 *
 * <p>The result is the configuration directory's own files (DTDs, map files, log4j2.xml...) with the templates
 * laid over them, their {@code ${name}} placeholders replaced. The templates' {@code *.sql} files are the seed
 * data of the data hosts, not configuration: {@link #seedScript} reads them.
 */
final class DemoConfiguration {

    static final String TEMPLATE_DIR = "demo";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(\\w+)}");
    private static final String SEED_SUFFIX = ".sql";

    private final Path confDir;

    /**
     * @param confDir the configuration directory that holds {@value #TEMPLATE_DIR}/
     * @throws IOException when it has no {@value #TEMPLATE_DIR}/ directory
     */
    DemoConfiguration(Path confDir) throws IOException {
        if (!Files.isDirectory(confDir.resolve(TEMPLATE_DIR))) {
            throw new IOException("no demo templates: " + confDir.resolve(TEMPLATE_DIR) + " is not a directory");
        }
        this.confDir = confDir;
    }

    /**
     * Writes the configuration into {@code target}, replacing each {@code ${name}} of the templates by its value.
     *
     * @throws IOException when a template uses a placeholder that {@code values} does not define
     */
    void write(Path target, Map<String, String> values) throws IOException {
        Files.createDirectories(target);
        Path templates = confDir.resolve(TEMPLATE_DIR);
        for (Path file : regularFiles(confDir)) {
            if (!Files.exists(templates.resolve(file.getFileName()))) {
                Files.copy(file, target.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (Path template : regularFiles(templates)) {
            String name = template.getFileName().toString();
            if (!name.endsWith(SEED_SUFFIX)) {
                Files.writeString(target.resolve(name), render(template, values), StandardCharsets.UTF_8);
            }
        }
    }

    /** The seed script of a database ({@code conf/demo/<database>.sql}), or an empty script when there is none. */
    String seedScript(String database) throws IOException {
        Path script = confDir.resolve(TEMPLATE_DIR).resolve(database + SEED_SUFFIX);
        return Files.exists(script) ? Files.readString(script, StandardCharsets.UTF_8) : "";
    }

    static String render(Path template, Map<String, String> values) throws IOException {
        String text = Files.readString(template, StandardCharsets.UTF_8);
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IOException(template + ": unknown placeholder ${" + matcher.group(1) + "} (expected one of: "
                        + String.join(", ", new TreeMap<>(values).keySet()) + ")");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static List<Path> regularFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
