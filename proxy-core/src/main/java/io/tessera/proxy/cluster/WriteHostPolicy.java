package io.tessera.proxy.cluster;

import io.tessera.backend.host.SwitchArbiter;
import io.tessera.backend.host.WriteHostSwitchListener;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * How a node's data hosts choose their active write host: each on its own, from {@code dnindex.properties} and its
 * heartbeats ({@link #ALONE}); or as the Tessera nodes of a cluster agree ({@code useZKSwitch}).
 *
 * @param arbiter decides the automatic switches
 * @param recorder told of every switch on this node, after {@code dnindex.properties}
 * @param agreed the write host a data host starts on when the cluster agreed on one, over {@code dnindex.properties}
 */
public record WriteHostPolicy(SwitchArbiter arbiter, WriteHostSwitchListener recorder,
        Function<String, OptionalInt> agreed) {

    /** Each data host on its own. */
    public static final WriteHostPolicy ALONE = new WriteHostPolicy(SwitchArbiter.LOCAL, WriteHostSwitchListener.NONE,
            dataHost -> OptionalInt.empty());
}
