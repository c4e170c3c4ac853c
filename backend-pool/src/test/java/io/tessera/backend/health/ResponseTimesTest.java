package io.tessera.backend.health;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResponseTimesTest {

    @Test
    void meansCoverOnlyTheirWindowAndForgetAfterThirtyMinutes() {
        ResponseTimes times = new ResponseTimes();
        long t0 = 1_000_000_000L;
        times.add(t0, 10);
        times.add(t0 + 5 * ResponseTimes.MINUTE, 20);
        times.add(t0 + 9 * ResponseTimes.MINUTE + 30_000, 40);
        long now = t0 + 10 * ResponseTimes.MINUTE;
        assertThat(times.mean(now, ResponseTimes.MINUTE)).isEqualTo(40);
        assertThat(times.mean(now, 10 * ResponseTimes.MINUTE)).isEqualTo(30); // 10 ended exactly 10 min ago: out
        assertThat(times.mean(now, 30 * ResponseTimes.MINUTE)).isEqualTo(23);
        times.add(t0 + 40 * ResponseTimes.MINUTE, 7);
        assertThat(times.mean(t0 + 40 * ResponseTimes.MINUTE, 30 * ResponseTimes.MINUTE)).isEqualTo(7);
        assertThat(new ResponseTimes().mean(now, ResponseTimes.MINUTE)).isZero();
    }
}
