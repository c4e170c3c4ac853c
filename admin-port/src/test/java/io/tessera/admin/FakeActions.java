package io.tessera.admin;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * {@link AdminActions} that record each call as a line ({@code "kill [7, 3]"}, {@code "offline"}) and answer as a
 * server with {@link FakeContext#sample()}'s connections (ids 3 and 7) and data hosts (each active on write host 0)
 * would. A reload or rollback takes effect at 1000 ms, with the {@link #reloadNotes} set.
 *
 * <p>Three ways to answer: at once ({@link #immediate()}); only when the test says so ({@link #deferred()}, then
 * {@link #completeNext()} or {@link #failNext}); or on another thread a little later ({@link #later(long)}).
 */
public final class FakeActions implements AdminActions {

    /** The ids of {@link FakeContext#sample()}'s connections. */
    public static final Set<Long> OPEN = Set.of(3L, 7L);

    private enum Mode { IMMEDIATE, DEFERRED, LATER }

    private record Waiting(CompletableFuture<Object> stage, Object value) {
    }

    private final Mode mode;
    private final Executor later;
    private final List<String> calls = new ArrayList<>();
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private volatile boolean online = true;
    private volatile List<String> reloadNotes = List.of();

    private FakeActions(Mode mode, Executor later) {
        this.mode = mode;
        this.later = later;
    }

    public static FakeActions immediate() {
        return new FakeActions(Mode.IMMEDIATE, null);
    }

    public static FakeActions deferred() {
        return new FakeActions(Mode.DEFERRED, null);
    }

    /** Answers on another thread, {@code millis} after the call. */
    public static FakeActions later(long millis) {
        return new FakeActions(Mode.LATER, CompletableFuture.delayedExecutor(millis, TimeUnit.MILLISECONDS));
    }

    /** What reloads say {@code conf/} changed that they left out, from now on. */
    public FakeActions reloadNotes(List<String> notes) {
        reloadNotes = List.copyOf(notes);
        return this;
    }

    /** The calls so far, one line each. */
    public synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    public boolean isOnline() {
        return online;
    }

    /** Completes the oldest deferred stage with its answer. */
    public void completeNext() {
        Waiting next = next();
        next.stage().complete(next.value());
    }

    /** Fails the oldest deferred stage with {@code error}. */
    public void failNext(Throwable error) {
        next().stage().completeExceptionally(error);
    }

    private synchronized Waiting next() {
        Waiting next = waiting.poll();
        if (next == null) {
            throw new IllegalStateException("no deferred action is waiting");
        }
        return next;
    }

    @Override
    public CompletionStage<ConfigReload> reloadConfig(ReloadScope scope) {
        record("reload " + scope);
        return answer(new ConfigReload(scope, 1000, reloadNotes));
    }

    @Override
    public CompletionStage<ConfigReload> rollbackConfig() {
        record("rollback");
        return answer(new ConfigReload(ReloadScope.ALL, 1000, List.of()));
    }

    @Override
    public CompletionStage<DataSourceSwitch> switchDataSource(String dataHost, OptionalInt index) {
        record("switch " + dataHost + " " + index);
        return answer(new DataSourceSwitch(dataHost, 0, index.orElse(1)));
    }

    /** Pauses the sample's data hosts {@code host1} and {@code host2}; any other name is unknown. */
    @Override
    public CompletionStage<Boolean> pauseHeartbeat(String dataHost, long millis) {
        record("pause " + dataHost + " " + millis);
        return answer(dataHost.equals("host1") || dataHost.equals("host2"));
    }

    @Override
    public CompletionStage<KilledConnections> killConnections(List<Long> ids) {
        record("kill " + ids);
        return answer(new KilledConnections(ids.stream().filter(OPEN::contains).toList()));
    }

    @Override
    public CompletionStage<Void> offline() {
        record("offline");
        online = false;
        return answer(null);
    }

    @Override
    public CompletionStage<Void> online() {
        record("online");
        online = true;
        return answer(null);
    }

    private synchronized void record(String call) {
        calls.add(call);
    }

    @SuppressWarnings("unchecked")
    private <T> CompletionStage<T> answer(T value) {
        return switch (mode) {
            case IMMEDIATE -> CompletableFuture.completedFuture(value);
            case LATER -> CompletableFuture.supplyAsync(() -> value, later);
            case DEFERRED -> {
                CompletableFuture<Object> stage = new CompletableFuture<>();
                synchronized (this) {
                    waiting.add(new Waiting(stage, value));
                }
                yield (CompletionStage<T>) (CompletionStage<?>) stage;
            }
        };
    }
}
