package io.tessera.admin.command;

/**
 * The JVM heap as {@code show @@server} reports it, in bytes: what {@link Runtime} says, read once.
 *
 * @param used  {@code totalMemory() - freeMemory()}
 * @param total {@code totalMemory()}
 * @param max   {@code maxMemory()}
 */
record Memory(long used, long total, long max) {

    static Memory ofRuntime() {
        Runtime runtime = Runtime.getRuntime();
        long total = runtime.totalMemory();
        return new Memory(total - runtime.freeMemory(), total, runtime.maxMemory());
    }
}
