package io.tessera.proxy.admin;

import io.tessera.admin.LogEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.appender.RandomAccessFileAppender;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.apache.logging.log4j.core.appender.RollingRandomAccessFileAppender;

/**
 * The last entries of the log file ({@code show @@syslog}), read from its end on the business executor. An entry is a
 * line that starts with a timestamp ({@code conf/log4j2.xml}'s pattern) and the lines after it that do not (a stack
 * trace). Reads back at most {@value #MAX_WINDOW} bytes, so one command never reads a whole 100 MB file.
 */
public final class SystemLog {

    private static final int FIRST_WINDOW = 64 * 1024;
    private static final int MAX_WINDOW = 32 * 1024 * 1024;
    private static final Pattern ENTRY = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?)\\s*(.*)");

    private final Supplier<Optional<Path>> file;
    private final Executor executor;

    /**
     * @param file where the log is written now; empty when nothing logs to a file
     * @param executor where the file is read: not an event loop
     */
    public SystemLog(Supplier<Optional<Path>> file, Executor executor) {
        this.file = file;
        this.executor = executor;
    }

    /** The log file of log4j's configuration in force, read when asked (a reconfiguration may move it). */
    public static SystemLog ofLog4j(Executor executor) {
        return new SystemLog(SystemLog::log4jFile, executor);
    }

    /** The last {@code limit} entries, newest first; none when there is no log file yet. */
    public CompletionStage<List<LogEntry>> last(int limit) {
        return CompletableFuture.supplyAsync(() -> file.get().map(path -> read(path, limit)).orElse(List.of()),
                executor);
    }

    static List<LogEntry> read(Path path, int limit) {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            for (int window = FIRST_WINDOW; ; window *= 4) {
                long start = Math.max(0, size - window);
                List<LogEntry> entries = entries(text(channel, start, size), start > 0);
                if (entries.size() >= limit || start == 0 || window >= MAX_WINDOW) {
                    List<LogEntry> newestFirst = new ArrayList<>(entries.subList(Math.max(0, entries.size() - limit),
                            entries.size()));
                    Collections.reverse(newestFirst);
                    return newestFirst;
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the log file " + path, e);
        }
    }

    private static String text(FileChannel channel, long start, long end) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate((int) (end - start));
        while (bytes.hasRemaining() && channel.read(bytes, start + bytes.position()) >= 0) {
            // read until full: the file may grow meanwhile, but only what was there is asked for
        }
        bytes.flip();
        return StandardCharsets.UTF_8.decode(bytes).toString();
    }

    /**
     * The entries of {@code text}, oldest first. When {@code cut} (the text starts inside the file), its first line
     * may be partial and lines before the first timestamp belong to an entry that starts earlier: both are dropped.
     */
    static List<LogEntry> entries(String text, boolean cut) {
        List<LogEntry> entries = new ArrayList<>();
        String date = null;
        StringBuilder log = null;
        String[] lines = text.split("\r?\n", -1);
        for (int i = cut ? 1 : 0; i < lines.length; i++) {
            Matcher head = ENTRY.matcher(lines[i]);
            if (head.matches()) {
                if (date != null) {
                    entries.add(new LogEntry(date, log.toString()));
                }
                date = head.group(1);
                log = new StringBuilder(head.group(2));
            } else if (date != null && !lines[i].isEmpty()) {
                log.append('\n').append(lines[i]);
            }
        }
        if (date != null) {
            entries.add(new LogEntry(date, log.toString()));
        }
        return entries;
    }

    private static Optional<Path> log4jFile() {
        if (!(LogManager.getContext(false) instanceof LoggerContext context)) {
            return Optional.empty();
        }
        for (Appender appender : context.getConfiguration().getAppenders().values()) {
            String name = null;
            if (appender instanceof RollingFileAppender rolling) {
                name = rolling.getFileName();
            } else if (appender instanceof RollingRandomAccessFileAppender rolling) {
                name = rolling.getFileName();
            } else if (appender instanceof FileAppender plain) {
                name = plain.getFileName();
            } else if (appender instanceof RandomAccessFileAppender plain) {
                name = plain.getFileName();
            }
            if (name != null) {
                return Optional.of(Path.of(name));
            }
        }
        return Optional.empty();
    }
}
