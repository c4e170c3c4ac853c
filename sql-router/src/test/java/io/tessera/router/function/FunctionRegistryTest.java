package io.tessera.router.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FunctionRegistryTest {

    private final FunctionRegistry registry = new FunctionRegistry();

    private static FunctionProperties count(int n) {
        return new FunctionProperties("f", Map.of("count", Integer.toString(n)), Path::of);
    }

    @Test
    void mycatsNamesOldNamesBareNamesAndShortNamesBuildTheSameFunction() {
        for (String name : new String[] {"io.mycat.route.function.PartitionByMod",
            "org.opencloudb.route.function.PartitionByMod", "PartitionByMod", "mod"}) {
            ShardingFunction f = registry.create(name, count(3));
            assertThat(f.nodeCount()).as(name).isEqualTo(3);
            assertThat(f.nodeOf(SqlValue.of(7))).as(name).isEqualTo(1);
        }
    }

    @Test
    void anUnknownClassIsAConfigurationErrorListingTheKnownOnes() {
        assertThatThrownBy(() -> registry.create("io.mycat.route.function.PartitionByMagic", count(3)))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessageContaining("function f: class io.mycat.route.function.PartitionByMagic: unknown")
                .hasMessageContaining("PartitionByRangeDateHash")
                .hasMessageContaining("range-date-hash");
    }

    @Test
    void badPropertiesNameTheFunction() {
        assertThatThrownBy(() -> registry.create("mod", count(0)))
                .isInstanceOf(FunctionConfigException.class)
                .hasMessage("function f: count: 0 (expected: >= 1)");
    }
}
