package io.tessera.proxy.admin;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.SingleThreadEventExecutor;
import io.tessera.admin.BackendConnectionView;
import io.tessera.admin.ProcessorView;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.CommandCounters;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of {@code show @@processor}, one per event loop of the 8066 group. Traffic and connection counts come from
 * the clients of each loop (closed ones' totals plus the open ones' counters), REACT_COUNT from its command counters.
 * Buffers are the whole process's: the direct memory the channels' allocator ({@link ByteBufAllocator#DEFAULT}, which
 * Tessera's channels use) holds, against the JVM's direct memory limit, both divided evenly among the loops, since
 * the allocator's arenas are not tied to loops.
 */
final class ProcessorViews {

    private final Map<EventLoop, String> processorNames;
    private final ClientConnections connections;
    private final long maxDirectMemory = maxDirectMemory();

    ProcessorViews(Map<EventLoop, String> processorNames, ClientConnections connections) {
        this.processorNames = processorNames;
        this.connections = connections;
    }

    List<ProcessorView> of(List<BackendConnectionView> backends) {
        Map<EventLoop, Load> loads = new HashMap<>();
        for (ClientChannel client : connections.snapshot()) {
            Load load = loads.computeIfAbsent(client.channel().eventLoop(), l -> new Load());
            load.received += client.bytesRead();
            load.sent += client.writer().bytesWritten();
            load.clients++;
            ChannelOutboundBuffer pending = client.channel().unsafe().outboundBuffer();
            load.pendingBytes += pending == null ? 0 : pending.totalPendingWriteBytes();
        }
        Map<String, Integer> backendsByName = new HashMap<>();
        for (BackendConnectionView backend : backends) {
            backendsByName.merge(backend.processor(), 1, Integer::sum);
        }
        long used = usedDirectMemory();
        int loopCount = Math.max(1, processorNames.size());
        long total = maxDirectMemory / loopCount;
        long free = Math.max(0, maxDirectMemory - used) / loopCount;
        int percent = (int) Math.min(100, used * 100 / Math.max(1, maxDirectMemory));
        List<ProcessorView> views = new ArrayList<>();
        processorNames.forEach((loop, name) -> {
            Load load = loads.getOrDefault(loop, new Load());
            CommandCounters commands = connections.commandCounters(loop);
            int tasks = loop instanceof SingleThreadEventExecutor executor ? executor.pendingTasks() : 0;
            views.add(new ProcessorView(name, connections.closedBytesReceived(loop) + load.received,
                    connections.closedBytesSent(loop) + load.sent, commands.all(), tasks,
                    (int) Math.min(Integer.MAX_VALUE, load.pendingBytes), free, total, percent, 0, load.clients,
                    backendsByName.getOrDefault(name, 0)));
        });
        return views;
    }

    /** Direct memory the default allocator holds from the system, or 0 when it does not say. */
    private static long usedDirectMemory() {
        return ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider provider
                ? Math.max(0, provider.metric().usedDirectMemory()) : 0;
    }

    /**
     * {@code -XX:MaxDirectMemorySize}, or, when it is not set, the maximum heap, which the JVM then allows (also the
     * answer on a JVM that does not tell).
     */
    private static long maxDirectMemory() {
        long configured = 0;
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (vm != null) {
            try {
                configured = Long.parseLong(vm.getVMOption("MaxDirectMemorySize").getValue());
            } catch (IllegalArgumentException notHotSpots) { // no such option, or not a number
                configured = 0;
            }
        }
        return configured > 0 ? configured : Runtime.getRuntime().maxMemory();
    }

    /** One loop's clients, summed. */
    private static final class Load {
        long received;
        long sent;
        long pendingBytes;
        int clients;
    }
}
