package io.tessera.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * A heap allocator that remembers every buffer it hands out, so a test can assert that all of them were released.
 * Paranoid leak detection only logs a leak, and only after a GC; this check is deterministic and fails the test.
 * Install it on an {@code EmbeddedChannel} with {@code channel.config().setAllocator(alloc)} so that cumulations,
 * frame headers and payloads written through the channel are tracked too.
 */
public final class TrackingAllocator extends AbstractByteBufAllocator {

    private final List<ByteBuf> allocated = new ArrayList<>();

    public TrackingAllocator() {
        super(false);
    }

    /** A tracked buffer holding {@code bytes}. */
    public ByteBuf wrap(byte... bytes) {
        return buffer(bytes.length).writeBytes(bytes);
    }

    /** A tracked buffer holding the bytes of a hex string; spaces are ignored. */
    public ByteBuf hex(String hex) {
        return wrap(ByteBufUtil.decodeHexDump(hex.replace(" ", "")));
    }

    /** How many buffers this allocator has handed out so far: a mark for {@link #allocatedSince(int)}. */
    public int allocations() {
        return allocated.size();
    }

    /** The buffers handed out since {@code mark}, composites included, in order. */
    public List<ByteBuf> allocatedSince(int mark) {
        return List.copyOf(allocated.subList(mark, allocated.size()));
    }

    /** Fails when any buffer this allocator handed out still holds a reference. */
    public void assertAllReleased() {
        List<String> live = new ArrayList<>();
        for (ByteBuf buf : allocated) {
            if (buf.refCnt() != 0) {
                live.add(buf.getClass().getSimpleName() + "(refCnt=" + buf.refCnt() + ", capacity=" + buf.capacity()
                        + ")");
            }
        }
        assertThat(live).as("buffers still referenced out of %d allocated", allocated.size()).isEmpty();
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        return track(toLeakAwareBuffer(new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity)));
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        return newHeapBuffer(initialCapacity, maxCapacity); // embedded channels do not care where the bytes live
    }

    @Override
    public CompositeByteBuf compositeHeapBuffer(int maxNumComponents) {
        return track(super.compositeHeapBuffer(maxNumComponents));
    }

    @Override
    public CompositeByteBuf compositeDirectBuffer(int maxNumComponents) {
        return compositeHeapBuffer(maxNumComponents);
    }

    @Override
    public boolean isDirectBufferPooled() {
        return false;
    }

    private <T extends ByteBuf> T track(T buf) {
        allocated.add(buf);
        return buf;
    }
}
