package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.RULE_XML;
import static io.tessera.proxy.config.Problems.SCHEMA_XML;
import static io.tessera.proxy.config.Problems.SERVER_XML;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Loads a MyCat 1.6 configuration directory: server.xml, schema.xml and rule.xml.
 *
 * <p>The three files are read, each checked, then the names they share (a table's {@code rule}, a user's
 * {@code schemas}) are checked across files; every problem found is reported together in one
 * {@link ConfigException}, and only a configuration without any becomes a {@link TesseraConfig}. Files are
 * read once per call and nothing is cached, so {@code reload @@config} can build a new configuration while the
 * old one keeps serving.
 *
 * <p>A load also gives warnings, which do not stop it: unknown attributes, elements and properties (skipped), and
 * settings Tessera reads but does not act on yet ({@link NotHonoured}). {@link #load(Path)} logs each at WARN;
 * {@link #loadWithWarnings(Path)} returns them, for {@code bin/tessera check}. Names that MyCat 1.6 accepts but
 * Tessera does not use are logged at DEBUG.
 */
public final class ConfigLoader {

    private static final Logger LOG = LogManager.getLogger(ConfigLoader.class);

    /**
     * A loaded configuration and the warnings of its load.
     *
     * @param config the configuration
     * @param warnings one line each, unknown names first (by file and line), then the settings that have no effect
     *     yet
     */
    public record Loaded(TesseraConfig config, List<String> warnings) {

        public Loaded {
            warnings = List.copyOf(warnings);
        }
    }

    private ConfigLoader() {
    }

    /**
     * Reads, checks and maps the configuration in {@code confDir}, and logs each warning of the load at WARN (when it
     * fails too: a misspelt attribute is often why a required one is missing).
     *
     * @throws ConfigException listing every problem found, one per line, in document order
     */
    public static TesseraConfig load(Path confDir) {
        Loaded loaded;
        try {
            loaded = loadWithWarnings(confDir);
        } catch (ConfigException e) {
            e.warnings().forEach(LOG::warn);
            throw e;
        }
        loaded.warnings().forEach(LOG::warn);
        return loaded.config();
    }

    /**
     * Reads, checks and maps the configuration in {@code confDir}, and returns it with the warnings of the load, which
     * it does not log.
     *
     * @throws ConfigException listing every problem found, one per line, in document order, with the warnings
     */
    public static Loaded loadWithWarnings(Path confDir) {
        Path dir = confDir.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new ConfigException(List.of(dir + ": not a directory"));
        }
        Problems problems = new Problems();
        ConfigXmlReader reader = new ConfigXmlReader();
        Optional<ServerXml> serverXml = reader.read(dir, SERVER_XML, "server", ServerXml.class, problems);
        Optional<SchemaXml> schemaXml = reader.read(dir, SCHEMA_XML, "schema", SchemaXml.class, problems);
        Optional<RuleXml> ruleXml = reader.read(dir, RULE_XML, "rule", RuleXml.class, problems);

        Values values = new Values(problems);
        List<Reference> references = new ArrayList<>();
        int cpus = Runtime.getRuntime().availableProcessors();
        Optional<ServerMapper.Server> server =
                serverXml.map(xml -> new ServerMapper(values, references).map(xml, cpus));
        Optional<SchemaMapper.Schemas> schemas =
                schemaXml.map(xml -> new SchemaMapper(values, references, dir).map(xml));
        Optional<RuleMapper.Rules> rules = ruleXml.map(xml -> new RuleMapper(values).map(xml));

        for (Reference reference : references) {
            Optional<Set<String>> defined = switch (reference.targetTag()) {
                case "schema" -> schemas.map(SchemaMapper.Schemas::schemaNames);
                case "dataNode" -> schemas.map(found -> found.dataNodes().keySet());
                default -> rules.map(RuleMapper.Rules::tableRuleNames);
            };
            if (defined.isPresent() && !defined.get().contains(reference.name())) {
                problems.add(reference.where(), reference.problem());
            }
        }
        List<String> warnings = new ArrayList<>(problems.finish());
        TesseraConfig config = new TesseraConfig(dir, server.orElseThrow().system(), server.orElseThrow().users(),
                server.orElseThrow().firewall(), schemas.orElseThrow().schemas(), schemas.orElseThrow().dataNodes(),
                schemas.orElseThrow().dataHosts(), rules.orElseThrow().tableRules(), rules.orElseThrow().functions());
        warnings.addAll(NotHonoured.warnings(config));
        return new Loaded(config, warnings);
    }
}
