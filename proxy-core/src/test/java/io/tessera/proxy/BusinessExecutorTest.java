package io.tessera.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BusinessExecutorTest {

    @Test
    void runsTasksOnItsNamedThreadsAndCountsThemAsShowThreadpoolReports() throws Exception {
        try (BusinessExecutor executor = new BusinessExecutor(2)) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch started = new CountDownLatch(2);
            String[] names = new String[2];
            for (int i = 0; i < 2; i++) {
                int n = i;
                executor.execute(() -> {
                    names[n] = Thread.currentThread().getName();
                    started.countDown();
                    await(release);
                });
            }
            executor.execute(() -> { }); // waits in the queue: both threads are busy
            assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(names).allMatch(name -> name.startsWith("BusinessExecutor-"));
            assertThat(executor.name()).isEqualTo("BusinessExecutor");
            assertThat(executor.poolSize()).isEqualTo(2);
            assertThat(executor.activeCount()).isEqualTo(2);
            assertThat(executor.queueSize()).isEqualTo(1);
            assertThat(executor.taskCount()).isEqualTo(3);
            release.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (executor.completedTaskCount() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(executor.completedTaskCount()).isEqualTo(3);
            assertThat(executor.queueSize()).isZero();
        }
    }

    @Test
    void takesNoTaskOnceClosedAndRefusesAnEmptyPool() {
        BusinessExecutor executor = new BusinessExecutor(1);
        executor.close();
        assertThatThrownBy(() -> executor.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
        assertThatThrownBy(() -> new BusinessExecutor(0)).hasMessage("threads: 0 (expected: >= 1)");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
