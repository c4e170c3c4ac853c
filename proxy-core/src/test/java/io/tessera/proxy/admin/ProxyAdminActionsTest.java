package io.tessera.proxy.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.KilledConnections;
import io.tessera.admin.ReloadScope;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.ClientConnections;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class ProxyAdminActionsTest {

    private final ClientConnections connections = new ClientConnections();
    private final ProxyAdminActions actions = new ProxyAdminActions(connections, null);

    private static void failsWith1235(CompletionStage<?> stage, String message) {
        assertThat(stage.toCompletableFuture()).isCompletedExceptionally();
        assertThatThrownBy(stage.toCompletableFuture()::join).isInstanceOfSatisfying(CompletionException.class,
                e -> assertThat(e.getCause()).isInstanceOfSatisfying(TesseraException.class, cause -> {
                    assertThat(cause.errorCode()).isEqualTo(1235);
                    assertThat(cause.sqlState()).isEqualTo("42000");
                    assertThat(cause).hasMessage(message);
                }));
    }

    @Test
    void reloadIsRefusedNamingTheIssueThatBringsIt() {
        failsWith1235(actions.reloadConfig(ReloadScope.BASIC), "reload @@config is not built yet (issue 15)");
        failsWith1235(actions.reloadConfig(ReloadScope.ALL), "reload @@config_all is not built yet (issue 15)");
    }

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
