package io.tessera.admin;

import static io.tessera.admin.FakeContext.NOW;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** A {@link SqlStatsView} over fixed lists that remembers its switches and which lists were cleared. */
public final class FakeSqlStats implements SqlStatsView {

    private boolean recording;
    private long slowMillis = 100;
    private final List<Executed> recent;
    private final List<Slow> slow; // mutable: clear @@slow removes from it
    private final List<UserSum> users;
    private final List<TableSum> tables;
    private final List<Frequent> frequent = List.of(
            new Frequent("test", "select * from t1 where id = 1", 40, 2, 9, 0, 1, NOW - 100, "127.0.0.1"),
            new Frequent("root", "update t2 set a = 1", 3, 120, 150, 100, 110, NOW - 4_000, "10.1.1.1"),
            new Frequent("test", "select * from t2", 90, 1, 3, 0, 0, NOW - 500, "127.0.0.2"));
    private final List<Large> large = List.of(
            new Large("test", 12_000, NOW - 7_000, 80, "select * from t2", "127.0.0.1"),
            new Large("test", 250_000, NOW - 9_000, 2_300, "select * from t1", "127.0.0.1"));
    private final List<BigResult> bigResults = List.of(
            new BigResult("test", "select * from t1", 2, 9_000_000),
            new BigResult("root", "select b from blobs", 1, 600_000));
    /**
     * The lists a {@code true} suffix asked to clear, in order: "recent", "slow", "users", "tables", "frequent",
     * "large", "bigResults".
     */
    public final List<String> cleared = new ArrayList<>();

    FakeSqlStats(List<Executed> recent, List<Slow> slow, List<UserSum> users, List<TableSum> tables) {
        this.recent = recent;
        this.slow = new ArrayList<>(slow);
        this.users = users;
        this.tables = tables;
    }

    /** Two users (test, root), listed out of order; three tables. */
    public static FakeSqlStats sample() {
        return new FakeSqlStats(
                List.of(new Executed("test", NOW - 500, 3, "select * from t2", "127.0.0.1"),
                        new Executed("root", NOW - 900, 12, "insert into t1 values (1)", "10.1.1.1"),
                        new Executed("test", NOW - 800, 1, "select 1 from t1", "127.0.0.1")),
                List.of(new Slow("test", "dn1", NOW - 2_000, 150, "select sleep(0.15) from t1", "127.0.0.1", "TESTDB"),
                        new Slow("test", "dn1,dn2", NOW - 3_000, 900, "select * from t2", "127.0.0.1", "TESTDB"),
                        new Slow("root", "dn2", NOW - 4_000, 120, "update t2 set a = 1", "10.1.1.1", null)),
                List.of(new UserSum("test", 1000, 200, 3, 40_000, 90_000, List.of(0L, 1200L, 0L, 0L),
                                List.of(1199L, 1L, 0L, 0L), NOW - 500),
                        new UserSum("root", 0, 1, 1, 30, 11, List.of(1L, 0L, 0L, 0L), List.of(0L, 0L, 1L, 0L),
                                NOW - 900)),
                List.of(new TableSum("t1", 5, 0, List.of(), NOW - 800),
                        new TableSum("t2", 2, 1, List.of(new Related("t1", 2), new Related("t3", 1)), NOW - 500),
                        new TableSum("t3", 3, 3, List.of(), NOW - 700)));
    }

    @Override
    public boolean recording() {
        return recording;
    }

    @Override
    public void recording(boolean on) {
        recording = on;
    }

    @Override
    public long slowMillis() {
        return slowMillis;
    }

    @Override
    public void slowMillis(long millis) {
        slowMillis = millis;
    }

    @Override
    public List<Executed> recent(boolean clear) {
        return cleared(clear, "recent", recent);
    }

    @Override
    public List<Slow> slow(boolean clear) {
        return cleared(clear, "slow", slow);
    }

    @Override
    public int clearSlow(Predicate<Slow> which) {
        int before = slow.size();
        slow.removeIf(which);
        return before - slow.size();
    }

    @Override
    public List<UserSum> users(boolean clear) {
        return cleared(clear, "users", users);
    }

    @Override
    public List<TableSum> tables(boolean clear) {
        return cleared(clear, "tables", tables);
    }

    @Override
    public List<Frequent> frequent(boolean clear) {
        return cleared(clear, "frequent", frequent);
    }

    @Override
    public List<Large> large(boolean clear) {
        return cleared(clear, "large", large);
    }

    @Override
    public List<BigResult> bigResults(boolean clear) {
        return cleared(clear, "bigResults", bigResults);
    }

    @Override
    public long bigResultBytes() {
        return 512 * 1024;
    }

    private <T> List<T> cleared(boolean clear, String name, List<T> list) {
        if (clear) {
            cleared.add(name);
        }
        return list;
    }
}
