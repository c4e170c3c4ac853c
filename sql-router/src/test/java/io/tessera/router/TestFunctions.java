package io.tessera.router;

import io.tessera.router.function.ShardingFunction;
import io.tessera.router.function.SqlValue;
import io.tessera.router.function.UnplaceableValueException;

/** Sharding functions for router tests: enough arithmetic to check routing; the real ones have their own tests. */
final class TestFunctions {

    private TestFunctions() {
    }

    /** Integers mod {@code n}; a new object each time, as two rule.xml functions are two functions. */
    static ShardingFunction mod(int n) {
        return new ShardingFunction() {
            @Override
            public int nodeCount() {
                return n;
            }

            @Override
            public int nodeOf(SqlValue value) {
                try {
                    return (int) Math.floorMod(Long.parseLong(value.text()), (long) n);
                } catch (NumberFormatException e) { // beyond a long: unplaceable, as the real functions say
                    throw new UnplaceableValueException("mod " + n + " cannot place " + value.text());
                }
            }
        };
    }
}
