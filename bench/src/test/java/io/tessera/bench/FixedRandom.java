package io.tessera.bench;

import java.util.random.RandomGenerator;

/** Random numbers at one end of every bound, to check the extremes a workload can draw. */
enum FixedRandom implements RandomGenerator {
    LOWEST,
    HIGHEST;

    @Override
    public int nextInt(int bound) {
        return this == LOWEST ? 0 : bound - 1;
    }

    @Override
    public long nextLong() {
        throw new UnsupportedOperationException("workloads draw bounded ints only");
    }
}
