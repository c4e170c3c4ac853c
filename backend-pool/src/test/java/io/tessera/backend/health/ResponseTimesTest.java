package io.tessera.backend.health;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResponseTimesTest {

    @Test
    void meansCoverOnlyTheirWindowAndForgetAfterThirtyMinutes() {
        ResponseTimes times = new ResponseTimes();
        long t0 = 1_000_000_000L;
        times.add(t0, 10, -1);
        times.add(t0 + 5 * ResponseTimes.MINUTE, 20, -1);
        times.add(t0 + 9 * ResponseTimes.MINUTE + 30_000, 40, -1);
        long now = t0 + 10 * ResponseTimes.MINUTE;
        assertThat(times.mean(now, ResponseTimes.MINUTE)).isEqualTo(40);
        assertThat(times.mean(now, 10 * ResponseTimes.MINUTE)).isEqualTo(30); // 10 ended exactly 10 min ago: out
        assertThat(times.mean(now, 30 * ResponseTimes.MINUTE)).isEqualTo(23);
        times.add(t0 + 40 * ResponseTimes.MINUTE, 7, -1);
        assertThat(times.mean(t0 + 40 * ResponseTimes.MINUTE, 30 * ResponseTimes.MINUTE)).isEqualTo(7);
        assertThat(new ResponseTimes().mean(now, ResponseTimes.MINUTE)).isZero();
    }

    @Test
    void samplesAreTheLastThirtyMinutesOldestFirst() {
        ResponseTimes times = new ResponseTimes();
        long t0 = 1_000_000_000L;
        times.add(t0, 10, -1);
        times.add(t0 + 20 * ResponseTimes.MINUTE, 20, 3);
        times.add(t0 + 31 * ResponseTimes.MINUTE, 30, 0);
        assertThat(times.samples()).containsExactly(
                new HeartbeatSample(t0 + 20 * ResponseTimes.MINUTE, 20, 3),
                new HeartbeatSample(t0 + 31 * ResponseTimes.MINUTE, 30, 0));
    }

    @Test
    void keepsAtMostMaxSamplesWhateverThePeriod() {
        ResponseTimes times = new ResponseTimes();
        for (int i = 0; i < ResponseTimes.MAX_SAMPLES + 10; i++) {
            times.add(1_000_000L + i, i, -1);
        }
        assertThat(times.samples()).hasSize(ResponseTimes.MAX_SAMPLES);
        assertThat(times.samples().get(0).roundTripMillis()).isEqualTo(10);
    }
}
