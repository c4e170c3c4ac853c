package io.tessera.proxy.sequence;

import io.tessera.protocol.error.ErrorCode;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * The sequences of a handler that reserves blocks of ids (the local file, the database), one {@link BlockSequence}
 * per configured name; names are matched in upper case, and an unknown one fails with {@code UNKNOWN_SEQUENCES}.
 */
final class BlockSequences {

    private final Map<String, BlockSequence> byName = new HashMap<>();

    /**
     * @param names the configured names, upper-case
     * @param reserve takes a block of at least {@code count} ids of the named sequence, durably
     */
    BlockSequences(Set<String> names, BiFunction<String, Integer, CompletableFuture<BlockSequence.Block>> reserve) {
        names.forEach(name -> byName.put(name, new BlockSequence(count -> reserve.apply(name, count))));
    }

    CompletableFuture<Long> next(String name, int count) {
        BlockSequence sequence = byName.get(name.toUpperCase(Locale.ROOT));
        if (sequence == null) {
            return CompletableFuture.failedFuture(ErrorCode.UNKNOWN_SEQUENCES.exception(name));
        }
        return sequence.next(count);
    }

    boolean has(String name) {
        return byName.containsKey(name.toUpperCase(Locale.ROOT));
    }
}
