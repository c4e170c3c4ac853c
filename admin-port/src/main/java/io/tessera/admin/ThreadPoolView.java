package io.tessera.admin;

/**
 * One named thread pool as {@code show @@threadpool} reports it; the values mean what
 * {@link java.util.concurrent.ThreadPoolExecutor}'s getters of the same names return.
 */
public interface ThreadPoolView {

    /** The pool name, e.g. {@code BusinessExecutor} or {@code Timer}. */
    String name();

    /** Threads now in the pool (POOL_SIZE). */
    int poolSize();

    /** Threads now running a task (ACTIVE_COUNT). */
    int activeCount();

    /** Tasks waiting in the queue (TASK_QUEUE_SIZE). */
    int queueSize();

    /** Tasks finished since start-up (COMPLETED_TASK). */
    long completedTaskCount();

    /** Tasks ever submitted: finished, running and queued (TOTAL_TASK). */
    long taskCount();
}
