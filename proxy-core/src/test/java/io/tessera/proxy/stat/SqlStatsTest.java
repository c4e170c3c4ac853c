package io.tessera.proxy.stat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.SqlStatsView.BigResult;
import io.tessera.admin.SqlStatsView.Frequent;
import io.tessera.admin.SqlStatsView.Large;
import io.tessera.admin.SqlStatsView.Related;
import io.tessera.admin.SqlStatsView.Slow;
import io.tessera.admin.SqlStatsView.TableSum;
import io.tessera.admin.SqlStatsView.UserSum;
import io.tessera.proxy.session.StatementWatch;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.ShardStatement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlStatsTest {

    private static final long BIG = 4_096;

    private final SqlStats stats = new SqlStats(true, 2, BIG);

    private StatementWatch start(String user, String sql, StatementType type, String... tables) {
        List<TableReference> named = Arrays.stream(tables).map(t -> new TableReference("TESTDB", t))
                .toList();
        return stats.started(user, "127.0.0.1", "TESTDB", new StatementRun(sql, null, type, named,
                List.of(new ShardStatement("dn1", sql, false), new ShardStatement("dn2", sql, false))),
                4 + 1 + sql.length(), 1_000);
    }

    @Test
    void countsReadsWritesAndBytesOfStatementsThatEndedWell() {
        for (int i = 0; i < 5; i++) {
            start("test", "select * from t1", StatementType.SELECT, "t1").succeeded(1_100, 1);
        }
        start("test", "insert into t1 values (1)", StatementType.INSERT, "t1").succeeded(1_011, 1);
        start("test", "create table x (a int)", StatementType.DDL, "x").succeeded(1_011, 1);
        start("test", "select * from t1", StatementType.SELECT, "t1").abandoned(); // failed: not counted

        UserSum sum = stats.users(false).get(0);
        assertThat(sum.user()).isEqualTo("test");
        assertThat(sum.reads()).isEqualTo(5);
        assertThat(sum.writes()).isEqualTo(1);
        assertThat(sum.netInBytes()).isEqualTo(5 * 21 + 30 + 27);
        assertThat(sum.netOutBytes()).isEqualTo(5 * 100 + 11 + 11);
        assertThat(sum.byDuration()).containsExactly(7L, 0L, 0L, 0L);
        assertThat(sum.byTimeOfDay().stream().mapToLong(Long::longValue).sum()).isEqualTo(7);
        assertThat(sum.maxConcurrent()).isEqualTo(1);
        assertThat(stats.recent(false)).hasSize(7);
    }

    @Test
    void maxIsTheMostStatementsOfTheUserRunningAtOnce() {
        StatementWatch a = start("test", "select 1 from t1", StatementType.SELECT);
        StatementWatch b = start("test", "select 2 from t1", StatementType.SELECT);
        StatementWatch c = start("test", "select 3 from t1", StatementType.SELECT);
        a.succeeded(1_000, 1);
        b.abandoned();
        c.succeeded(1_000, 1);
        start("test", "select 4 from t1", StatementType.SELECT).succeeded(1_000, 1);
        assertThat(stats.users(false).get(0).maxConcurrent()).isEqualTo(3);
    }

    @Test
    void keepsTheSlowestOverTheThresholdUpToSqlRecordCountPerUser() throws InterruptedException {
        stats.slowMillis(0);
        StatementWatch first = start("test", "select 1", StatementType.SELECT);
        StatementWatch second = start("test", "select 2", StatementType.SELECT);
        Thread.sleep(30);
        second.succeeded(1_000, 1);
        Thread.sleep(30);
        first.succeeded(1_000, 1);                                             // the slowest, about 60 ms
        start("test", "select 3", StatementType.SELECT).succeeded(1_000, 1); // about 0 ms: not among the two slowest

        List<Slow> slow = stats.slow(false);
        assertThat(slow).extracting(Slow::sql).containsExactlyInAnyOrder("select 1", "select 2");
        assertThat(slow).allSatisfy(s -> {
            assertThat(s.dataNodes()).isEqualTo("dn1,dn2");
            assertThat(s.schema()).isEqualTo("TESTDB");
            assertThat(s.executeMillis()).isGreaterThanOrEqualTo(30);
        });

        stats.slowMillis(10_000); // a new threshold forgets the slow statements, as in MyCat
        assertThat(stats.slow(false)).isEmpty();
        start("test", "select 4", StatementType.SELECT).succeeded(1_000, 1);
        assertThat(stats.slow(false)).isEmpty();
        assertThatThrownBy(() -> stats.slowMillis(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void countsEachTableOnceWithTheTablesNamedBesideIt() {
        start("test", "select * from t1 join t2 on t1.a = t2.a join t1 x on x.a = t2.a", StatementType.SELECT,
                "t1", "T2", "t1").succeeded(1_000, 1);
        start("test", "update t2 set a = 1", StatementType.UPDATE, "t2").succeeded(1_000, 1);

        List<TableSum> tables = stats.tables(false);
        TableSum t1 = tables.stream().filter(t -> t.table().equals("t1")).findFirst().orElseThrow();
        TableSum t2 = tables.stream().filter(t -> t.table().equals("t2")).findFirst().orElseThrow();
        assertThat(tables).hasSize(2);
        assertThat(t1.reads()).isEqualTo(1);
        assertThat(t1.writes()).isZero();
        assertThat(t1.related()).containsExactly(new Related("t2", 1));
        assertThat(t2.reads()).isEqualTo(1);
        assertThat(t2.writes()).isEqualTo(1);
        assertThat(t2.related()).containsExactly(new Related("t1", 1));
    }

    @Test
    void clearingReturnsTheCountsThenZeroesThem() {
        start("root", "select * from t1", StatementType.SELECT, "t1").succeeded(1_010, 1);
        assertThat(stats.users(true).get(0).reads()).isEqualTo(1);
        assertThat(stats.users(false).get(0).reads()).isZero();
        assertThat(stats.tables(true).get(0).reads()).isEqualTo(1);
        assertThat(stats.tables(false).get(0).reads()).isZero();
        assertThat(stats.recent(true)).hasSize(1);
        assertThat(stats.recent(false)).isEmpty();
    }

    @Test
    void keepsTheLastFiftyStatementsPerUser() {
        for (int i = 0; i < 60; i++) {
            start("test", "select " + i, StatementType.SELECT).succeeded(1_000, 1);
        }
        assertThat(stats.recent(false)).hasSize(UserStats.RECENT)
                .first().satisfies(e -> assertThat(e.sql()).isEqualTo("select 10"));
    }

    @Test
    void bucketsAsMyCat() {
        assertThat(List.of(0L, 10L, 11L, 200L, 201L, 1000L, 1001L).stream().map(UserStats::durationBucket))
                .containsExactly(0, 0, 1, 1, 2, 2, 3);
        long hour = 3_600_000L;
        assertThat(List.of(0L, 6 * hour - 1, 6 * hour, 13 * hour - 1, 13 * hour, 18 * hour, 22 * hour - 1, 22 * hour,
                24 * hour + 7 * hour).stream().map(UserStats::timeOfDayBucket))
                .containsExactly(0, 0, 1, 1, 2, 3, 3, 0, 1);
    }

    @Test
    void clearSlowForgetsOnlyTheStatementsItIsAskedTo() {
        stats.slowMillis(0);
        start("test", "select 1", StatementType.SELECT).succeeded(1_000, 1);
        start("other", "select 2", StatementType.SELECT).succeeded(1_000, 1);
        assertThat(stats.clearSlow(slow -> slow.sql().equals("select 2"))).isEqualTo(1);
        assertThat(stats.slow(false)).extracting(Slow::sql).containsExactly("select 1");
    }

    @Test
    void groupsStatementsByShapeForSqlHigh() {
        for (int i = 0; i < 3; i++) {
            start("test", "select * from t1 where id = 1", StatementType.SELECT, "t1").succeeded(1_100, 1);
        }
        start("test", "select * from t1 where id = 2", StatementType.SELECT, "t1").succeeded(1_100, 1);
        start("other", "select * from t1 where id = 1", StatementType.SELECT, "t1").succeeded(1_100, 1);

        List<Frequent> frequent = stats.frequent(true);
        assertThat(frequent).extracting(f -> f.user() + " " + f.count() + " " + f.sql()).containsExactlyInAnyOrder(
                "test 4 select * from t1 where id = ?", "other 1 select * from t1 where id = ?");
        Frequent four = frequent.stream().filter(f -> f.count() == 4).findFirst().orElseThrow();
        assertThat(four.minMillis()).isLessThanOrEqualTo(four.avgMillis()).isLessThanOrEqualTo(four.maxMillis());
        assertThat(four.ip()).isEqualTo("127.0.0.1");
        assertThat(four.lastMillis()).isPositive();
        assertThat(stats.frequent(false)).isEmpty();
    }

    @Test
    void keepsTheLargestSelectsOverTenThousandRows() {
        start("test", "select * from big", StatementType.SELECT).succeeded(1_100, 10_000);   // not more than
        start("test", "insert into big select * from t", StatementType.INSERT).succeeded(1_100, 20_000);
        for (int i = 1; i <= UserStats.LARGEST + 2; i++) {
            start("test", "select * from big limit " + i, StatementType.SELECT).succeeded(1_100, 10_000 + i);
        }
        List<Large> large = stats.large(true);
        assertThat(large).hasSize(UserStats.LARGEST).extracting(Large::rows).doesNotContain(10_001L, 10_002L)
                .contains(10_012L);
        assertThat(large.get(0).user()).isEqualTo("test");
        assertThat(stats.large(false)).isEmpty();
    }

    @Test
    void countsAnswersOfAtLeastMaxResultSetBytesByText() {
        long big = BIG;
        start("test", "select * from wide", StatementType.SELECT).succeeded(1_000 + big - 1, 5); // one byte short
        start("test", "select * from wide", StatementType.SELECT).succeeded(1_000 + big, 5);
        start("test", "select * from wide", StatementType.SELECT).succeeded(1_000 + 2 * big, 9);
        assertThat(stats.bigResults(true)).containsExactly(new BigResult("test", "select * from wide", 2, 2 * big));
        assertThat(stats.bigResults(false)).isEmpty();
    }

    @Test
    void countsExactlyWhenSeveralEventLoopsRecordAtOnce() throws Exception {
        int threads = 4;
        int each = 20_000;
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    start("test", "select * from t1", i % 5 == 0 ? StatementType.UPDATE : StatementType.SELECT, "t1")
                            .succeeded(1_001, 1);
                }
            });
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        UserSum sum = stats.users(false).get(0);
        assertThat(sum.reads()).isEqualTo(threads * each * 4 / 5);
        assertThat(sum.writes()).isEqualTo(threads * each / 5);
        assertThat(sum.netOutBytes()).isEqualTo(threads * each);
        assertThat(sum.maxConcurrent()).isBetween(1, threads);
        assertThat(stats.tables(false).get(0).reads()).isEqualTo(threads * each * 4 / 5);
        assertThat(stats.recent(false)).hasSize(UserStats.RECENT);
        assertThat(stats.frequent(false).get(0).count()).isEqualTo(threads * each);
    }
}
