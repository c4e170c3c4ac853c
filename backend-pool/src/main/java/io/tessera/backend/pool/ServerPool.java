package io.tessera.backend.pool;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.mysql.NativeConnection;
import io.tessera.protocol.error.TesseraException;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The pool of native connections to one server of a data host (a {@code <writeHost>} or a {@code <readHost>}).
 *
 * <p>Borrowing looks locally first, then shared, then waits without blocking (STYLE rule 17): an idle connection of
 * the borrower's event loop, then any idle one, then a new one if fewer than {@code maxCon} are open or being opened,
 * then a FIFO queue of waiting futures, each with a {@code maxWait} timer. Connections being opened count towards
 * {@code maxCon}, so the limit holds under any concurrency. A connection that comes back, or a new one, goes to the
 * first waiter that wants its CLIENT_FOUND_ROWS flag; a waiter that wants the other flag gets an idle connection
 * closed and replaced when the pool is full.
 *
 * <p>A broken connection (closed channel, protocol error, released in the middle of a response) takes itself out of the
 * pool and is never lent again. One that Tessera closed while the server ran a statement of it keeps its slot until the
 * server thread has been killed ({@link ServerThreadKiller}), so that active + idle is always what the server really
 * has open, and never more than {@code maxCon}. Every {@code idleCheckPeriod} idle connections get a COM_PING; those
 * idle for longer than {@code idleTimeout} are closed down to {@code minCon}, and the pool is topped back up to
 * {@code minCon}.
 *
 * <p>Thread safety: {@link #borrow}, {@link BackendConnection#release()} and everything else may be called from any
 * thread. The pool's state sits behind one lock that is held only for bookkeeping, never across I/O, and futures
 * are completed after it is released; nothing here ever blocks an event loop.
 */
public final class ServerPool implements ConnectionPool {

    private static final Logger LOG = LogManager.getLogger(ServerPool.class);

    private final ServerSettings settings;
    private final EventLoopGroup group;
    private final Clock clock;
    private final BackendConnector connector;
    private final String dataHost;
    private final LongAdder executeCount = new LongAdder();
    private final ServerThreadKiller killer;

    private final ReentrantLock lock = new ReentrantLock();
    // Everything below is guarded by the lock.
    private final ConnectionBag idle = new ConnectionBag();
    private final Set<PooledConnection> open = Collections.newSetFromMap(new IdentityHashMap<>());
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    /** Where a connection is being opened because a borrower there got one of another loop or database. */
    private final Set<LoopDatabase> openingFor = new HashSet<>();
    private int total;
    private int checking;
    /** Slots held by a server thread that runs on after Tessera closed its connection mid-statement. */
    private int abandoned;
    private long created;
    private long closedCount;
    private boolean lastFoundRows;
    private boolean lastOpenFailed;
    private boolean started;
    private boolean closed;
    private ScheduledFuture<?> idleCheck;

    /** A pool whose channels match {@code group}'s transport (NIO or epoll). */
    public ServerPool(ServerSettings settings, EventLoopGroup group, Clock clock) {
        this(settings, group, clock, BackendConnector.socketChannelFactory(group));
    }

    /** A pool whose channels come from {@code channelFactory}, which must suit {@code group}. */
    public ServerPool(ServerSettings settings, EventLoopGroup group, Clock clock,
            ChannelFactory<? extends Channel> channelFactory) {
        this.settings = settings;
        this.group = group;
        this.clock = clock;
        this.dataHost = settings.describe();
        this.connector = new BackendConnector(settings.connectOptions(), channelFactory);
        this.killer = new ServerThreadKiller(this, connector, group);
    }

    /**
     * Opens {@code minCon} connections and starts the idle check. Completes when the connections are up; fails with
     * the first connection's error if the server cannot be reached, in which case the pool stays usable: every
     * borrow tries again, and so does the idle check.
     */
    @Override
    public CompletableFuture<Void> start() {
        List<PooledConnection> toOpen;
        lock.lock();
        try {
            if (started || closed) {
                throw new IllegalStateException(dataHost + ": pool already " + (closed ? "closed" : "started"));
            }
            started = true;
            toOpen = topUp();
            long period = settings.idleCheckPeriodMillis();
            idleCheck = group.next().scheduleAtFixedRate(this::periodicCheck, period, period, TimeUnit.MILLISECONDS);
        } finally {
            lock.unlock();
        }
        CompletableFuture<?>[] opened = new CompletableFuture<?>[toOpen.size()];
        for (int i = 0; i < opened.length; i++) {
            opened[i] = open(toOpen.get(i));
        }
        return CompletableFuture.allOf(opened);
    }

    /**
     * A connection whose current database is {@code database} (COM_INIT_DB is sent when needed; {@code null}
     * accepts any) and whose CLIENT_FOUND_ROWS flag equals {@code foundRows}. Prefers an idle connection bound to
     * {@code preferred} (the front channel's event loop), where new connections are created too.
     *
     * <p>The future completes on the connection's event loop, or at once on the caller's thread when an idle
     * connection is ready. It fails with a {@link BackendException}: 1105 "data host host1 (127.0.0.1:3306): no
     * connection within 5000 ms (active=10/10, idle=0, waiting=7)" after {@code maxWait}, or with the reason a new
     * connection could not be opened or could not switch database (the server's code, such as 1045 or 1049, kept).
     * Cancelling the future gives back a connection that arrives later.
     *
     * @param preferred the borrower's event loop, or {@code null} for any
     */
    @Override
    public CompletableFuture<BackendConnection> borrow(String database, boolean foundRows, EventLoop preferred) {
        EventLoop loop = preferred != null ? preferred : group.next();
        Waiter waiter = new Waiter(database, foundRows, loop, clock.millis() + settings.maxWaitMillis());
        acquire(waiter, preferred != null, false);
        return waiter.future;
    }

    /**
     * A connection for the pool's own {@code KILL} of an abandoned thread: ahead of every borrower in the queue and
     * without {@code maxWait}, since it gives a slot back. Fails only when the pool closes.
     */
    CompletableFuture<BackendConnection> borrowAhead(boolean foundRows) {
        Waiter waiter = new Waiter(null, foundRows, group.next(), Long.MAX_VALUE);
        acquire(waiter, false, true);
        return waiter.future;
    }

    /** Opens a connection of its own ({@link ConnectionPool#connectOutside}): the server may have one more thread. */
    @Override
    public CompletableFuture<BackendConnection> connectOutside(String database) {
        return connector.connect(group.next(), database, false, new UnpooledOwner()).thenApply(c -> c);
    }

    /** A consistent snapshot of the pool's counters. */
    @Override
    public PoolStats stats() {
        lock.lock();
        try {
            int idleNow = idle.size() + checking;
            return new PoolStats(total - idleNow, idleNow, total, waiters.size(), settings.maxCon(),
                    settings.minCon(), executeCount.sum(), created, closedCount);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The connections open now, lent or not, each with its state read under the pool's lock (held for bookkeeping
     * only), in no particular order ({@code show @@backend}).
     */
    public List<OpenConnection> connections() {
        lock.lock();
        try {
            List<OpenConnection> list = new ArrayList<>(open.size());
            for (PooledConnection c : open) {
                list.add(new OpenConnection(c.id, c.connection, c.state == PooledConnection.State.IN_USE,
                        c.openedMillis));
            }
            return list;
        } finally {
            lock.unlock();
        }
    }

    public ServerSettings settings() {
        return settings;
    }

    /**
     * Closes the pool: every connection, lent or not, and fails the borrowers that wait. Borrowing fails from now on.
     */
    @Override
    public void close() {
        shutDown(true);
    }

    /**
     * Lets the pool go without cutting what is running: borrowing fails from now on, idle connections close now, and
     * each lent connection closes when it comes back; the pool is closed once the last has.
     */
    @Override
    public void drain() {
        shutDown(false);
    }

    /** {@code lentToo}: close the connections that are lent as well (else they close when released). */
    private void shutDown(boolean lentToo) {
        List<Waiter> failed;
        List<PooledConnection> toClose = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                if (lentToo) {
                    toClose.addAll(open); // a drained pool closed for good: what is still lent too
                }
            } else {
                closed = true;
                if (idleCheck != null) {
                    idleCheck.cancel(false);
                }
                for (PooledConnection c : open) {
                    if (lentToo || c.state != PooledConnection.State.IN_USE) {
                        toClose.add(c);
                    }
                }
            }
            failed = new ArrayList<>(waiters);
            waiters.clear();
            for (Waiter w : failed) {
                w.dequeued();
            }
        } finally {
            lock.unlock();
        }
        for (Waiter w : failed) {
            w.future.completeExceptionally(new BackendException(dataHost, "pool closed"));
        }
        for (PooledConnection c : toClose) {
            c.connection.close();
        }
    }

    @Override
    public String toString() {
        return "ServerPool[" + dataHost + ", " + stats() + "]";
    }

    // ---- borrowing ----

    /** Serves {@code waiter} from the idle connections, or queues it (and opens connections for the queue). */
    /** @param ownLoop whether the borrower named its event loop: then it runs best on a connection of that loop */
    /** @param ahead queue it first, without a timer ({@link #borrowAhead}) */
    private void acquire(Waiter waiter, boolean ownLoop, boolean ahead) {
        PooledConnection lent = null;
        List<PooledConnection> toOpen = List.of();
        List<PooledConnection> toClose = List.of();
        boolean poolClosed;
        lock.lock();
        try {
            poolClosed = closed;
            if (!poolClosed) {
                lastFoundRows = waiter.foundRows;
                lent = idle.take(waiter.loop, waiter.foundRows, waiter.database);
                if (lent != null) {
                    lent.state = PooledConnection.State.IN_USE;
                    toOpen = ownLoop ? openForBorrower(waiter, lent) : List.of();
                } else {
                    if (ahead) {
                        waiters.addFirst(waiter);
                    } else {
                        waiters.addLast(waiter);
                        long wait = Math.max(0, waiter.deadlineMillis - clock.millis());
                        waiter.timer = waiter.loop.schedule(() -> timedOut(waiter), wait, TimeUnit.MILLISECONDS);
                    }
                    toClose = new ArrayList<>(0);
                    toOpen = fill(toClose);
                }
            }
        } finally {
            lock.unlock();
        }
        if (poolClosed) {
            waiter.future.completeExceptionally(new BackendException(dataHost, "pool closed"));
            return;
        }
        if (lent != null) {
            lend(lent, waiter);
            openAll(toOpen);
            return;
        }
        closeAll(toClose);
        openAll(toOpen);
    }

    /**
     * A borrower served with a connection of another event loop has every packet of its statement hop between two
     * threads (a wake-up each way); one served with a connection of another database waits for a COM_INIT_DB first.
     * Either doubled the CPU per point select. While there is room, a connection of the borrower's loop and database
     * is opened, idle for its next statement. Lock held.
     */
    private List<PooledConnection> openForBorrower(Waiter waiter, PooledConnection lent) {
        boolean sameDatabase = waiter.database == null || waiter.database.equals(lent.connection.database());
        if (lent.loop == waiter.loop && sameDatabase || total >= settings.maxCon()
                || !openingFor.add(new LoopDatabase(waiter.loop, waiter.database))) {
            return List.of();
        }
        total++;
        return List.of(new PooledConnection(this, waiter.loop, waiter.foundRows, waiter.database));
    }

    /** An event loop and a database, compared by the loop's identity. */
    private record LoopDatabase(EventLoop loop, String database) {
    }

    /**
     * Opens connections for queued waiters that have none coming, while slots are free; when the pool is full,
     * an idle connection (necessarily of the other CLIENT_FOUND_ROWS flag) is retired to make room. Lock held.
     */
    private List<PooledConnection> fill(List<PooledConnection> toClose) {
        List<PooledConnection> toOpen = null;
        for (Waiter w : waiters) {
            if (w.opening != null) {
                continue;
            }
            if (total >= settings.maxCon()) {
                PooledConnection victim = idle.takeOldest();
                if (victim == null) {
                    break;
                }
                victim.state = PooledConnection.State.RETIRED;
                total--;
                toClose.add(victim);
            }
            PooledConnection c = new PooledConnection(this, w.loop, w.foundRows, w.database);
            c.assigned = w;
            w.opening = c;
            total++;
            if (toOpen == null) {
                toOpen = new ArrayList<>(2);
            }
            toOpen.add(c);
        }
        return toOpen == null ? List.of() : toOpen;
    }

    /** Opens new connections up to {@code minCon}, with the flag borrowers asked for last. Lock held. */
    private List<PooledConnection> topUp() {
        List<PooledConnection> toOpen = new ArrayList<>();
        while (total < settings.minCon()) {
            total++;
            toOpen.add(new PooledConnection(this, group.next(), lastFoundRows, null));
        }
        return toOpen;
    }

    private void openAll(List<PooledConnection> toOpen) {
        for (PooledConnection c : toOpen) {
            open(c);
        }
    }

    /**
     * Opens {@code c}'s connection and settles it in the pool. The future fails with the reason when the connection
     * cannot be opened; the waiter it was opened for, if any, has been failed with it too.
     */
    private CompletableFuture<Void> open(PooledConnection c) {
        return connector.connect(c.loop, c.loginDatabase, c.foundRows, c).handle((connection, e) -> {
            if (e != null) {
                BackendException failure = asBackendException(e);
                openFailed(c, failure);
                throw new CompletionException(failure);
            }
            opened(c, connection);
            return null;
        });
    }

    private void opened(PooledConnection c, NativeConnection connection) {
        Waiter target = null;
        boolean discard = false;
        List<PooledConnection> toOpen = List.of();
        List<PooledConnection> toClose = new ArrayList<>(0);
        lock.lock();
        try {
            openingFor.remove(new LoopDatabase(c.loop, c.loginDatabase));
            c.connection = connection;
            c.id = ++created;
            c.openedMillis = clock.millis();
            lastOpenFailed = false;
            Waiter w = c.assigned;
            if (closed || !connection.isUsable()) {
                // Pool shut down, or closed right after login (its close was reported before it reached the pool):
                // the waiter it was meant for stays queued and fill() opens another one for it.
                if (w != null) {
                    w.opening = null;
                    c.assigned = null;
                }
                c.state = PooledConnection.State.RETIRED;
                total--;
                closedCount += connection.isUsable() ? 0 : 1;
                discard = true;
                toOpen = closed ? List.of() : fill(toClose);
            } else {
                if (w != null) {
                    waiters.remove(w);
                    w.dequeued();
                }
                open.add(c);
                c.idleSince = clock.millis();
                if (w != null && !w.future.isDone()) {
                    c.state = PooledConnection.State.IN_USE;
                    target = w;
                } else {
                    target = handOff(c);
                }
                toOpen = fill(toClose);
            }
        } finally {
            lock.unlock();
        }
        if (discard) {
            connection.close();
        }
        closeAll(toClose);
        openAll(toOpen);
        if (target != null) {
            lend(c, target);
        }
    }

    private void openFailed(PooledConnection c, BackendException failure) {
        Waiter target = null;
        boolean warn;
        List<PooledConnection> toOpen;
        List<PooledConnection> toClose = new ArrayList<>(0);
        lock.lock();
        try {
            openingFor.remove(new LoopDatabase(c.loop, c.loginDatabase));
            total--;
            c.state = PooledConnection.State.CLOSED;
            Waiter w = c.assigned;
            if (w != null && waiters.remove(w)) {
                w.dequeued();
                target = w;
            }
            // The borrower who gets the error reports it; a failure nobody sees is logged, once per outage.
            warn = target == null && !lastOpenFailed;
            lastOpenFailed = true;
            toOpen = closed ? List.of() : fill(toClose);
        } finally {
            lock.unlock();
        }
        if (warn) {
            LOG.warn("cannot open a connection: {}", failure.getMessage());
        } else if (LOG.isDebugEnabled()) {
            LOG.debug("cannot open a connection: {}", failure.getMessage());
        }
        if (target != null) {
            target.future.completeExceptionally(failure);
        }
        closeAll(toClose);
        openAll(toOpen);
    }

    /**
     * Gives an available connection to the first waiter that wants its flag, or puts it in the idle list. Lock held.
     *
     * @return the waiter to lend it to, or {@code null}
     */
    private Waiter handOff(PooledConnection c) {
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
            Waiter w = it.next();
            if (w.foundRows == c.foundRows) {
                it.remove();
                w.dequeued();
                c.state = PooledConnection.State.IN_USE;
                return w;
            }
        }
        c.state = PooledConnection.State.IDLE;
        idle.add(c);
        return null;
    }

    /** Completes {@code waiter} with {@code c}'s connection, switching database first when needed. */
    private void lend(PooledConnection c, Waiter waiter) {
        NativeConnection connection = c.connection;
        if (waiter.database == null || waiter.database.equals(connection.database())) {
            complete(waiter, connection);
            return;
        }
        connection.initDb(waiter.database).whenComplete((v, e) -> {
            if (e == null) {
                complete(waiter, connection);
            } else if (connection.isUsable()) {
                connection.release(); // the server refused the database: the connection itself is fine
                waiter.future.completeExceptionally(asBackendException(e));
            } else {
                acquire(waiter, false, false); // it broke while idle; try another one within the same deadline
            }
        });
    }

    private static void complete(Waiter waiter, BackendConnection connection) {
        if (!waiter.future.complete(connection)) {
            connection.release(); // the borrower gave up (cancelled) in the meantime
        }
    }

    private void timedOut(Waiter waiter) {
        int active;
        int idleNow;
        int waiting;
        lock.lock();
        try {
            waiting = waiters.size();
            if (!waiters.remove(waiter)) {
                return;
            }
            waiter.dequeued();
            idleNow = idle.size() + checking;
            active = total - idleNow;
        } finally {
            lock.unlock();
        }
        waiter.future.completeExceptionally(new BackendException(dataHost, "no connection within "
                + settings.maxWaitMillis() + " ms (active=" + active + "/" + settings.maxCon() + ", idle=" + idleNow
                + ", waiting=" + waiting + ")"));
    }

    // ---- callbacks from connections (on their event loops) ----

    void released(PooledConnection c) {
        Waiter target;
        boolean retire = false;
        List<PooledConnection> toClose = new ArrayList<>(0);
        List<PooledConnection> toOpen = List.of();
        lock.lock();
        try {
            if (c.state != PooledConnection.State.IN_USE) {
                return; // released twice
            }
            if (closed) {
                c.state = PooledConnection.State.RETIRED;
                total--;
                retire = true;
                target = null;
            } else {
                c.idleSince = clock.millis();
                target = handOff(c);
                toOpen = fill(toClose);
            }
        } finally {
            lock.unlock();
        }
        if (retire) {
            c.connection.close();
        }
        closeAll(toClose);
        openAll(toOpen);
        if (target != null) {
            lend(c, target);
        }
    }

    void closed(PooledConnection c) {
        List<PooledConnection> toClose = new ArrayList<>(0);
        List<PooledConnection> toOpen = List.of();
        boolean kill = false;
        boolean noSlotFree = false;
        lock.lock();
        try {
            switch (c.state) {
                case OPENING, CLOSED:
                    return; // closed during login: openFailed or opened accounts for it
                case IDLE:
                    idle.remove(c);
                    total--;
                    break;
                case CHECKING:
                    checking--;
                    total--;
                    break;
                case IN_USE:
                    kill = c.connection.abandonedMidCommand();
                    if (!kill) {
                        total--;
                    }
                    break;
                default:
                    break; // RETIRED: its slot was already given back
            }
            open.remove(c);
            if (kill) {
                c.state = PooledConnection.State.ABANDONED; // the slot stays counted until the thread ends
                abandoned++;
                noSlotFree = abandoned >= settings.maxCon(); // else a slot is or will be free for the KILL
            } else {
                c.state = PooledConnection.State.CLOSED;
                closedCount++;
                if (!closed) {
                    toOpen = fill(toClose);
                }
            }
        } finally {
            lock.unlock();
        }
        if (kill) {
            killer.kill(c.connection.connectionId(), c.foundRows, noSlotFree, () -> threadEnded(c));
        }
        closeAll(toClose);
        openAll(toOpen);
    }

    /** The server thread of an abandoned connection has ended: its slot is free. */
    private void threadEnded(PooledConnection c) {
        List<PooledConnection> toClose = new ArrayList<>(0);
        List<PooledConnection> toOpen = List.of();
        lock.lock();
        try {
            if (c.state != PooledConnection.State.ABANDONED) {
                return;
            }
            c.state = PooledConnection.State.CLOSED;
            abandoned--;
            total--;
            closedCount++;
            if (!closed) {
                toOpen = fill(toClose);
            }
        } finally {
            lock.unlock();
        }
        closeAll(toClose);
        openAll(toOpen);
    }

    void querySent() {
        executeCount.increment();
    }

    // ---- idle check ----

    /** A periodic task that throws is never run again: keep the idle check alive whatever happens in one run. */
    private void periodicCheck() {
        try {
            checkIdle();
        } catch (RuntimeException e) {
            LOG.warn("{}: idle check failed", dataHost, e);
        }
    }

    /**
     * Closes idle connections beyond {@code idleTimeout} down to {@code minCon} (those of the CLIENT_FOUND_ROWS
     * flag borrowers no longer ask for, whatever the count), pings the others and tops the pool up to
     * {@code minCon}.
     */
    void checkIdle() {
        List<PooledConnection> toPing = new ArrayList<>();
        List<PooledConnection> toClose = new ArrayList<>(0);
        List<PooledConnection> toOpen;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            long now = clock.millis();
            for (PooledConnection c : idle.takeAll()) {
                boolean aged = now - c.idleSince >= settings.idleTimeoutMillis();
                if (aged && (c.foundRows != lastFoundRows || total > settings.minCon())) {
                    c.state = PooledConnection.State.RETIRED;
                    total--;
                    toClose.add(c);
                } else {
                    c.state = PooledConnection.State.CHECKING;
                    checking++;
                    toPing.add(c);
                }
            }
            toOpen = topUp();
        } finally {
            lock.unlock();
        }
        closeAll(toClose);
        openAll(toOpen); // a failure is logged by openFailed, and the next check tries again
        for (PooledConnection c : toPing) {
            c.connection.ping().whenComplete((v, e) -> checked(c, e == null));
        }
    }

    private void checked(PooledConnection c, boolean alive) {
        if (!alive) {
            c.connection.close(); // closed() does the bookkeeping
            return;
        }
        Waiter target;
        List<PooledConnection> toClose = new ArrayList<>(0);
        List<PooledConnection> toOpen;
        lock.lock();
        try {
            if (c.state != PooledConnection.State.CHECKING) {
                return;
            }
            checking--;
            if (closed) {
                c.state = PooledConnection.State.RETIRED; // close() closes it: it was in the open set
                total--;
                return;
            }
            target = handOff(c);
            toOpen = fill(toClose);
        } finally {
            lock.unlock();
        }
        closeAll(toClose);
        openAll(toOpen);
        if (target != null) {
            lend(c, target);
        }
    }

    private static void closeAll(List<PooledConnection> toClose) {
        for (PooledConnection c : toClose) {
            c.connection.close();
        }
    }

    private BackendException asBackendException(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof BackendException b) {
            return b;
        }
        if (cause instanceof TesseraException t) {
            return new BackendException(t.errorCode(), t.sqlState(), dataHost, t.getMessage());
        }
        return new BackendException(dataHost, String.valueOf(cause));
    }
}
