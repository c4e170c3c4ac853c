package io.tessera.proxy.sequence;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * {@code sequenceHandlerType} 0, MyCat's {@code IncrSequencePropHandler}: sequences kept in
 * {@code sequence_conf.properties}, one group of keys per sequence:
 *
 * <pre>
 * GLOBAL.HISIDS=          ranges used before, "a-b,c-d": never handed out again
 * GLOBAL.MINID=10001      first id
 * GLOBAL.MAXID=20000      last id
 * GLOBAL.CURID=10000      last id reserved (MINID - 1: none yet)
 * </pre>
 *
 * <p>Ids are handed out from blocks of {@value #BLOCK_SIZE} (or the count asked, if larger). A block is reserved by
 * writing its last id as CURID durably (a temporary file, fsync, atomic rename, fsync of the directory) before any
 * of its ids is handed out, so a crash leaves a gap and never hands an id out twice. The writes run on the blocking
 * executor, one at a time, since all sequences share the file. A configuration whose MINID..MAXID overlaps one of
 * its HISIDS ranges is refused at start: MyCat keeps the ranges a sequence used before there.
 *
 * <p>Not safe across processes: two Tessera processes on copies of the file hand out the same ids.
 */
final class LocalFileSequences implements Sequences {

    static final String FILE = "sequence_conf.properties";
    static final int BLOCK_SIZE = 1000;

    private final SequenceFile file;
    private final Executor blocking;
    private final int blockSize;
    private final Map<String, Range> ranges;          // guarded by file: reservations of all sequences
    private final BlockSequences sequences;

    /** What the file says of one sequence; {@code curid} moves as blocks are reserved. */
    private static final class Range {
        final long max;
        long curid;

        Range(long max, long curid) {
            this.max = max;
            this.curid = curid;
        }
    }

    private LocalFileSequences(SequenceFile file, Map<String, Range> ranges, Executor blocking, int blockSize) {
        this.file = file;
        this.ranges = ranges;
        this.blocking = blocking;
        this.blockSize = blockSize;
        this.sequences = new BlockSequences(ranges.keySet(), this::reserve);
    }

    /**
     * Reads and checks {@code path}.
     *
     * @param required whether a missing file is a problem (sequenceHandlerType 0 written) or no sequences at all
     * @throws io.tessera.proxy.config.ConfigException naming the file and the key of every problem
     */
    static LocalFileSequences open(Path path, boolean required, Executor blocking, int blockSize) {
        SequenceFile file = SequenceFile.read(path, required);
        Map<String, Range> ranges = new LinkedHashMap<>();
        SequenceRanges.read(file).forEach((name, range) -> ranges.put(name, new Range(range.max(), range.curid())));
        return new LocalFileSequences(file, ranges, blocking, blockSize);
    }

    @Override
    public CompletableFuture<Long> next(String name, int count) {
        return sequences.next(name, count);
    }

    @Override
    public boolean has(String name) {
        return sequences.has(name);
    }

    private CompletableFuture<BlockSequence.Block> reserve(String name, int count) {
        return CompletableFuture.supplyAsync(() -> {
            synchronized (file) {
                Range range = ranges.get(name);
                long left = range.max - range.curid;
                if (left < count) {
                    throw ErrorCode.SEQUENCE_RUN_OUT.exception(name, "MAXID " + range.max + " reached (CURID "
                            + range.curid + ", " + count + " ids asked); raise " + name + ".MAXID in " + FILE);
                }
                long last = left <= Math.max(blockSize, count) ? range.max : range.curid + Math.max(blockSize, count);
                write(name, last);
                BlockSequence.Block block = new BlockSequence.Block(range.curid + 1, last);
                range.curid = last;
                return block;
            }
        }, blocking);
    }

    /** Writes the file with {@code name}'s CURID at {@code curid}, durably; called holding the file's lock. */
    private void write(String name, long curid) {
        Map<String, String> curids = new HashMap<>();
        ranges.forEach((other, range) -> curids.put(other + ".CURID", String.valueOf(range.curid)));
        curids.put(name + ".CURID", String.valueOf(curid));
        Path path = file.path();
        Path temp = path.resolveSibling(path.getFileName() + ".tmp");
        byte[] text = (String.join("\n", file.with(curids)) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(text);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel directory = FileChannel.open(path.toAbsolutePath().getParent(),
                    StandardOpenOption.READ)) {
                directory.force(true); // the rename itself survives a crash only once its directory is synced
            }
        } catch (IOException e) {
            throw new TesseraException(ErrorCode.UNKNOWN_ERROR, "sequence " + name + ": cannot reserve ids up to "
                    + curid + " in " + path + ": " + e);
        }
    }
}
