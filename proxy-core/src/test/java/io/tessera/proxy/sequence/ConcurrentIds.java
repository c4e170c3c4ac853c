package io.tessera.proxy.sequence;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Ids taken from sequences by many threads at once, for the tests that no id is handed out twice. */
public final class ConcurrentIds {

    private ConcurrentIds() {
    }

    /**
     * Takes {@code perThread} ids of sequence {@code name}, one per call, on each of {@code threads} threads per
     * handler, all at once. Returns the distinct ids: fewer than handlers x threads x perThread if one came twice.
     */
    public static Set<Long> take(List<Sequences> handlers, String name, int threads, int perThread) {
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        List<CompletableFuture<Void>> running = new ArrayList<>();
        ExecutorService callers = Executors.newFixedThreadPool(handlers.size() * threads);
        try {
            for (Sequences sequences : handlers) {
                for (int t = 0; t < threads; t++) {
                    running.add(CompletableFuture.runAsync(() -> {
                        for (int i = 0; i < perThread; i++) {
                            ids.add(sequences.next(name, 1).join());
                        }
                    }, callers));
                }
            }
            CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
        } finally {
            callers.shutdownNow();
        }
        return ids;
    }
}
