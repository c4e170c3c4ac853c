package io.tessera.proxy.admin;

import io.tessera.admin.AdminActions;
import io.tessera.admin.ConfigReload;
import io.tessera.admin.DataSourceSwitch;
import io.tessera.admin.KilledConnections;
import io.tessera.admin.ReloadScope;
import io.tessera.protocol.error.ErrorCode;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What the admin port's control commands do to the running proxy. Nothing is built yet: every action fails with
 * ERR 1235 naming the issue that brings it.
 */
public final class ProxyAdminActions implements AdminActions {

    @Override
    public CompletionStage<ConfigReload> reloadConfig(ReloadScope scope) {
        String command = scope == ReloadScope.ALL ? "reload @@config_all" : "reload @@config";
        return notBuilt(command + " is not built yet (issue 15)");
    }

    @Override
    public CompletionStage<DataSourceSwitch> switchDataSource(String dataHost, OptionalInt index) {
        return notBuilt("switch @@datasource is not built yet (issue 14)");
    }

    @Override
    public CompletionStage<KilledConnections> killConnections(List<Long> ids) {
        return notBuilt("kill @@connection is not built yet");
    }

    @Override
    public CompletionStage<Void> offline() {
        return notBuilt("offline is not built yet");
    }

    @Override
    public CompletionStage<Void> online() {
        return notBuilt("online is not built yet");
    }

    private static <T> CompletionStage<T> notBuilt(String message) {
        return CompletableFuture.failedStage(ErrorCode.NOT_SUPPORTED_YET.exception(message));
    }
}
