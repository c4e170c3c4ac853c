package io.tessera.proxy;

import io.tessera.admin.ThreadPoolView;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * MyCat's business executor: the named pool where Tessera's blocking work runs, off the event loops (the JDBC calls
 * of {@code dbDriver="jdbc"} data hosts and their heartbeats). Its size is server.xml's {@code processorExecutor}
 * (default: CPUs x 2, 4 on one CPU, as {@code SystemConfig} has it), fixed; {@code show @@threadpool} reports it.
 *
 * <p>The queue is unbounded, as MyCat's: what waits in it is bounded elsewhere, since a JDBC connection runs one
 * task at a time and a server lends at most {@code maxCon} of them, and each heartbeat runs one check at a time.
 */
public final class BusinessExecutor implements Executor, ThreadPoolView, AutoCloseable {

    public static final String NAME = "BusinessExecutor";
    private static final long SHUTDOWN_WAIT_SECONDS = 2;

    private final ThreadPoolExecutor pool;

    public BusinessExecutor(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: >= 1)");
        }
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                new Named());
    }

    @Override
    public void execute(Runnable task) {
        pool.execute(task);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int poolSize() {
        return pool.getPoolSize();
    }

    @Override
    public int activeCount() {
        return pool.getActiveCount();
    }

    @Override
    public int queueSize() {
        return pool.getQueue().size();
    }

    @Override
    public long completedTaskCount() {
        return pool.getCompletedTaskCount();
    }

    @Override
    public long taskCount() {
        return pool.getTaskCount();
    }

    /** Stops taking tasks, lets the running ones end for a moment, then interrupts what is left. */
    @Override
    public void close() {
        pool.shutdown();
        try {
            if (!pool.awaitTermination(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** Daemon threads named BusinessExecutor-0, -1, ...: a stuck JDBC call must not keep the JVM up. */
    private static final class Named implements ThreadFactory {

        private final AtomicInteger next = new AtomicInteger();

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, NAME + "-" + next.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        }
    }
}
