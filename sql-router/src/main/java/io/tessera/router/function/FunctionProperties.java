package io.tessera.router.function;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The {@code <property>} values of one rule.xml {@code <function>}, with typed, checked access. Every error names
 * the function and the property: {@code function mod-long: property count: "x" (expected: an integer)}.
 */
public final class FunctionProperties {

    private final String functionName;
    private final Map<String, String> properties;
    private final Function<String, Path> fileResolver;

    /**
     * @param fileResolver where a map file named in a property lives (relative names resolve against conf/)
     */
    public FunctionProperties(String functionName, Map<String, String> properties,
            Function<String, Path> fileResolver) {
        this.functionName = functionName;
        this.properties = Map.copyOf(properties);
        this.fileResolver = fileResolver;
    }

    public String functionName() {
        return functionName;
    }

    public Optional<String> optional(String name) {
        String value = properties.get(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }

    public String required(String name) {
        return optional(name).orElseThrow(() -> error(name, "missing"));
    }

    public int requiredInt(String name) {
        return parseInt(name, required(name));
    }

    public int optionalInt(String name, int defaultValue) {
        return optional(name).map(v -> parseInt(name, v)).orElse(defaultValue);
    }

    public long requiredLong(String name) {
        String value = required(name);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw error(name, "\"" + value + "\" (expected: an integer)");
        }
    }

    /**
     * The lines of the map file a property names, trimmed, without blank lines and {@code #} or {@code //}
     * comment lines, as MyCat reads them.
     */
    public List<String> mapFileLines(String name) {
        String file = required(name);
        Path path = fileResolver.apply(file);
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw error(name, "cannot read map file " + path + ": " + e.getMessage());
        }
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            String trimmed = line.trim();
            if (!trimmed.isEmpty() && !trimmed.startsWith("#") && !trimmed.startsWith("//")) {
                kept.add(trimmed);
            }
        }
        return kept;
    }

    /** An error about one property of this function. */
    public FunctionConfigException error(String property, String problem) {
        return new FunctionConfigException("function " + functionName + ": property " + property + ": " + problem);
    }

    /** An error about this function as a whole. */
    public FunctionConfigException error(String problem) {
        return new FunctionConfigException("function " + functionName + ": " + problem);
    }

    private int parseInt(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw error(name, "\"" + value + "\" (expected: an integer)");
        }
    }
}
