package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * Remembers every buffer it makes, so that a test can check that each one was released. Paranoid leak detection
 * (the pom's {@code -Dio.netty.leakDetectionLevel=paranoid}) only logs a leak, and only once the leaked buffer has
 * been garbage-collected; this fails the test that leaked. Copies made with {@code ByteBuf.copy} ({@link
 * Row#compact}) come from the copied buffer's allocator, so they are remembered too.
 */
final class TrackingAllocator extends AbstractByteBufAllocator {

    private final List<ByteBuf> made = new ArrayList<>();

    TrackingAllocator() {
        super(false);
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        ByteBuf buf = new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity);
        made.add(buf);
        return buf;
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        ByteBuf buf = new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity);
        made.add(buf);
        return buf;
    }

    @Override
    public boolean isDirectBufferPooled() {
        return false;
    }

    /** A text-protocol row in a buffer of this allocator; {@code null} values are SQL NULL. */
    Row row(String... values) {
        return TestRows.rowOf(this, values);
    }

    /** How many buffers this allocator has made. */
    int made() {
        return made.size();
    }

    /** How many of them are still referenced. */
    long unreleased() {
        return made.stream().filter(b -> b.refCnt() > 0).count();
    }

    void assertAllReleased() {
        assertThat(unreleased()).as("buffers still referenced, of %d made", made.size()).isZero();
    }
}
