package io.tessera.backend.jdbc;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * Runs one connection's tasks on the business executor one after the other, in submission order: a JDBC connection
 * may only be used by one thread at a time.
 */
final class SerialExecutor implements Executor {

    private final Executor executor;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>(); // guarded by this
    private boolean running; // guarded by this

    SerialExecutor(Executor executor) {
        this.executor = executor;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (this) {
            tasks.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        executor.execute(this::drain);
    }

    private void drain() {
        while (true) {
            Runnable task;
            synchronized (this) {
                task = tasks.poll();
                if (task == null) {
                    running = false;
                    return;
                }
            }
            task.run(); // a task catches its own failures: one that escapes must not stall the queue
        }
    }
}
