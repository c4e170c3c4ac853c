package io.tessera.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code --json FILE}: the invocation's settings, every run, and each thread count's medians. */
final class JsonReport {

    /** The settings a reader needs to compare two reports. */
    record Settings(String workload, String statements, String table, int seconds, long count, int warmupSeconds,
            int rounds, List<String> targets) {
    }

    record Report(Settings settings, List<RunResult> runs, List<RunResult> medians) {
    }

    private JsonReport() {
    }

    static void write(Path file, BenchOptions options, List<Target> targets, List<RunResult> runs,
            List<RunResult> medians) throws IOException {
        Settings settings = new Settings(options.workload().option(), options.statements().option(), options.table(),
                options.seconds(), options.count(), options.warmupSeconds(), options.rounds(),
                targets.stream().map(Target::name).toList());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(file.toFile(), new Report(settings, runs, medians));
    }
}
