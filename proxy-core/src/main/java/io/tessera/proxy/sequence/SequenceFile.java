package io.tessera.proxy.sequence;

import io.tessera.proxy.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One of MyCat's {@code sequence_*.properties} files as lines, so that the local file handler can rewrite one value
 * and keep the comments and the order. Reads the {@code key=value} (or {@code key:value}) lines MyCat's files use;
 * keys are upper-cased, as sequence names are; a problem names the file and the key, and becomes a
 * {@link ConfigException} through {@link #problems()}.
 */
final class SequenceFile {

    private static final Pattern NAME = Pattern.compile("\\w+");

    private final Path path;
    private final List<String> lines;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, Integer> lineOfKey = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    private SequenceFile(Path path, List<String> lines) {
        this.path = path;
        this.lines = lines;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
                continue;
            }
            int split = separator(line);
            if (split < 0) {
                problem("line " + (i + 1) + " \"" + line + "\": expected key=value");
                continue;
            }
            String key = line.substring(0, split).strip().toUpperCase(Locale.ROOT);
            if (values.putIfAbsent(key, line.substring(split + 1).strip()) != null) {
                problem(key + ": set twice (line " + (lineOfKey.get(key) + 1) + " and line " + (i + 1) + ")");
            } else {
                lineOfKey.put(key, i);
            }
        }
    }

    /** Reads {@code path}; a file that does not exist or cannot be read is a {@link ConfigException}. */
    static SequenceFile read(Path path) {
        return read(path, true);
    }

    /** Reads {@code path}; with {@code required} false, a missing file reads as an empty one. */
    static SequenceFile read(Path path, boolean required) {
        try {
            return new SequenceFile(path, new ArrayList<>(Files.readAllLines(path, StandardCharsets.UTF_8)));
        } catch (NoSuchFileException e) {
            SequenceFile file = new SequenceFile(path, new ArrayList<>());
            if (required) {
                file.problem("no such file (required by sequenceHandlerType)");
                file.throwProblems(); // its keys are not worth listing one by one
            }
            return file;
        } catch (IOException e) {
            SequenceFile file = new SequenceFile(path, new ArrayList<>());
            file.problem("cannot be read: " + e);
            file.throwProblems();
            return file;
        }
    }

    Path path() {
        return path;
    }

    /** Keys in file order, upper-case. */
    Map<String, String> values() {
        return values;
    }

    /** A value that must be there: null (and a problem) when it is not. */
    String required(String key) {
        String value = values.get(key);
        if (value == null) {
            problem(key + ": missing");
        }
        return value;
    }

    /** An integer value in {@code min..max}; null (and a problem) when it is missing or is not one. */
    Long integer(String key, long min, long max) {
        String value = required(key);
        if (value == null) {
            return null;
        }
        try {
            long parsed = Long.parseLong(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below, with the expected range
        }
        problem(key + ": value \"" + value + "\" (expected: an integer in " + min + ".." + max + ")");
        return null;
    }

    /** Checks that {@code name} can be a sequence name (a word, as MyCat's pattern reads it). */
    boolean checkName(String key, String name) {
        if (NAME.matcher(name).matches()) {
            return true;
        }
        problem(key + ": \"" + name + "\" is not a sequence name (expected: letters, digits and _)");
        return false;
    }

    void problem(String text) {
        problems.add(path.getFileName() + ": " + text);
    }

    List<String> problems() {
        return problems;
    }

    /** Throws the problems found so far, if any. */
    void throwProblems() {
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
    }

    /** The lines of the file with the values of {@code replaced}'s keys replaced; each key must have been read. */
    List<String> with(Map<String, String> replaced) {
        List<String> out = new ArrayList<>(lines);
        replaced.forEach((key, value) -> {
            int line = lineOfKey.get(key);
            String text = out.get(line);
            int split = separator(text);
            out.set(line, text.substring(0, split + 1) + value);
        });
        return out;
    }

    private static int separator(String line) {
        int equals = line.indexOf('=');
        int colon = line.indexOf(':');
        if (equals < 0) {
            return colon;
        }
        return colon < 0 ? equals : Math.min(equals, colon);
    }
}
