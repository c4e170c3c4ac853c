package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

@EnabledOnOs(OS.LINUX)
class ProcessCpuTest {

    @Test
    void countsThisProcesssCpuTime() {
        ProcessCpu cpu = new ProcessCpu(ProcessHandle.current().pid());
        double before = cpu.seconds();
        long spin = System.nanoTime() + 300_000_000L;
        long x = 0;
        while (System.nanoTime() < spin) {
            x += System.nanoTime() % 7;
        }
        assertThat(x).isNotNegative();
        // 0.3 s of spinning on one thread; ticks are 10 ms, so well above 0.1 s
        assertThat(cpu.seconds() - before).isGreaterThan(0.1);
    }

    @Test
    void refusesAPidThatIsNotRunning() {
        assertThatThrownBy(() -> new ProcessCpu(Integer.MAX_VALUE)).hasMessageStartingWith(
                "pid 2147483647: no such process");
    }
}
