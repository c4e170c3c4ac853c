package io.tessera.proxy.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.KilledConnections;
import io.tessera.proxy.cluster.Cluster;
import io.tessera.proxy.session.ClientConnections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProxyAdminActionsTest {

    private final ClientConnections connections = new ClientConnections();
    private final ProxyAdminActions actions = new ProxyAdminActions(connections, null, null, Cluster.STANDALONE);

    @Test
    void offlineAndOnlineFlipWhatThePingsAndShowServerRead() {
        assertThat(connections.online()).isTrue();
        assertThat(actions.offline().toCompletableFuture()).isCompleted();
        assertThat(connections.online()).isFalse();
        assertThat(actions.online().toCompletableFuture()).isCompleted();
        assertThat(connections.online()).isTrue();
    }

    @Test
    void killingIdsOfNoOpenConnectionClosesNothing() {
        assertThat(actions.killConnections(List.of(1L, 2L)).toCompletableFuture().join())
                .isEqualTo(new KilledConnections(List.of()));
    }
}
