package io.tessera.proxy.exec.xa;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator's durable memory (MyCat's {@code tmlogs/tmlog}): one line per event, {@code C gtrid} when the
 * decision to commit a global transaction is taken (forced to disk before any branch commits) and {@code D gtrid}
 * when every branch has committed. A transaction with no {@code C} line is presumed aborted. At start-up the
 * decisions without a {@code D} are the ones recovery must finish.
 *
 * <p>The file is rewritten with only those (to a new file, forced, renamed over the old one, the directory forced)
 * when it is opened and whenever it grows beyond a size, so that it stays small however long Tessera runs.
 *
 * <p>Writes run on the log's own thread, never on an event loop, since forcing a file to disk blocks; the rewrite
 * runs there too, so no line is appended while it runs.
 */
public final class XaLog implements AutoCloseable {

    /** Beyond this size the file is rewritten with only the pending decisions. */
    static final long COMPACT_ABOVE_BYTES = 4L * 1024 * 1024;

    private final Path file;
    private final long compactAboveBytes;
    private final ExecutorService writer;
    private final Set<String> pending;
    private FileChannel channel; // the writer thread's, once open has returned

    private XaLog(Path file, long compactAboveBytes, Set<String> pending) {
        this.file = file;
        this.compactAboveBytes = compactAboveBytes;
        this.pending = pending;
        this.writer = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "tessera-xa-log");
            t.setDaemon(true);
            return t;
        });
    }

    /** Opens (creating the directory and file if needed) and reads what earlier runs left undone. */
    public static XaLog open(Path file) {
        return open(file, COMPACT_ABOVE_BYTES);
    }

    static XaLog open(Path file, long compactAboveBytes) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Set<String> pending = new LinkedHashSet<>();
            if (Files.exists(file)) {
                String text = Files.readString(file, StandardCharsets.US_ASCII);
                // only whole lines count: a crash while writing leaves a last line without its newline, and a
                // cut-off id could name another transaction
                for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
                    if (line.startsWith("C ")) {
                        pending.add(line.substring(2).trim());
                    } else if (line.startsWith("D ")) {
                        pending.remove(line.substring(2).trim());
                    }
                }
            }
            XaLog log = new XaLog(file, compactAboveBytes, pending);
            log.rewrite();
            return log;
        } catch (IOException e) {
            throw new UncheckedIOException("XA recovery log " + file + ": " + e.getMessage(), e);
        }
    }

    public Path file() {
        return file;
    }

    /** Commit decisions whose branches are not all known to be committed, oldest first. */
    public synchronized List<String> pending() {
        return List.copyOf(pending);
    }

    public synchronized boolean isPending(String gtrid) {
        return pending.contains(gtrid);
    }

    /** Records the decision to commit; completes once it is on disk. */
    public CompletableFuture<Void> commitDecided(String gtrid) {
        return CompletableFuture.runAsync(() -> {
            synchronized (this) {
                pending.add(gtrid); // first: a rewrite that the line below sets off must keep it
            }
            try {
                append("C " + gtrid + "\n", true);
            } catch (UncheckedIOException e) {
                synchronized (this) {
                    pending.remove(gtrid);
                }
                throw e;
            }
        }, writer);
    }

    /** Records that every branch committed. Not forced: losing it only means recovery commits nothing twice. */
    public CompletableFuture<Void> done(String gtrid) {
        return CompletableFuture.runAsync(() -> {
            synchronized (this) {
                pending.remove(gtrid);
            }
            append("D " + gtrid + "\n", false);
        }, writer);
    }

    private void append(String line, boolean force) {
        try {
            channel.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.US_ASCII)));
            if (force) {
                channel.force(false);
            }
            if (channel.size() > compactAboveBytes) {
                rewrite();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("XA recovery log " + file + ": " + e.getMessage(), e);
        }
    }

    /** Replaces the file, durably, by one that holds only the pending decisions, and appends to that from now on. */
    private void rewrite() throws IOException {
        StringBuilder text = new StringBuilder();
        synchronized (this) {
            pending.forEach(gtrid -> text.append("C ").append(gtrid).append('\n'));
        }
        Path fresh = file.resolveSibling(file.getFileName() + ".new");
        try (FileChannel out = FileChannel.open(fresh, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.US_ASCII)));
            out.force(true);
        }
        Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        if (channel != null) {
            channel.close();
        }
        // the new file from here on, even if what follows fails: the old one is gone from the directory
        channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        try (FileChannel directory = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            directory.force(true); // the rename itself must survive a crash, or lines written after it could not
        }
    }

    /** Lets the writes already asked for finish (for a few seconds at most), then closes the file. */
    @Override
    public void close() {
        writer.shutdown();
        try {
            writer.awaitTermination(5, TimeUnit.SECONDS);
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
