package io.tessera.proxy.sequence;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The process {@link LocalFileSequencesCrashIT} kills: takes ids of sequence GLOBAL from the file given as its
 * argument, forever, and prints each on its own line once {@code next()} has completed, that is once it was handed
 * out.
 */
final class LocalFileSequencesChild {

    private LocalFileSequencesChild() {
    }

    public static void main(String[] args) {
        ExecutorService blocking = Executors.newSingleThreadExecutor();
        Sequences sequences = LocalFileSequences.open(Path.of(args[0]), true, blocking, LocalFileSequences.BLOCK_SIZE);
        while (true) {
            System.out.println(sequences.next("GLOBAL", 1).join()); // the parent reads the ids from here
        }
    }
}
