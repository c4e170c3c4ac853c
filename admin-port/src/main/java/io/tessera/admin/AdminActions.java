package io.tessera.admin;

import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletionStage;

/**
 * What the admin port can ask the running server to do: MyCat's control commands ({@code reload @@config[_all]},
 * {@code reload @@user}, {@code rollback @@config}, {@code switch @@datasource}, {@code stop @@heartbeat},
 * {@code kill @@connection}, {@code offline}, {@code online}). {@code proxy-core} implements it and hands it to
 * {@link io.tessera.admin.server.AdminServer#bind} beside the {@link AdminContext}, so a command that needs an action
 * lands without touching the admin server.
 *
 * <p>Each method is called on an admin connection's event loop and must not block: it starts the work and returns a
 * stage, which may complete on any thread; the admin connection answers when it completes and reads no further
 * command until then. A stage that fails with a {@link io.tessera.protocol.error.TesseraException} becomes an ERR
 * with that exception's code, SQLSTATE and message (an action Tessera cannot do yet fails with ERR 1235 "... is not
 * built yet"); any other failure becomes ERR 1105.
 */
public interface AdminActions {

    /**
     * Builds a new configuration from {@code conf/} and swaps it in whole; on any error the configuration in force
     * stays and the stage fails with what was wrong ({@code reload @@config}, {@code reload @@config_all}).
     */
    CompletionStage<ConfigReload> reloadConfig(ReloadScope scope);

    /**
     * Goes back to the configuration in force before the last reload ({@code rollback @@config}); fails when there
     * was no reload since the start or the last rollback.
     */
    CompletionStage<ConfigReload> rollbackConfig();

    /**
     * Makes write host {@code index} (counting a data host's {@code <writeHost>}s from 0) the active one of
     * {@code dataHost}, or the one after the active one when {@code index} is empty ({@code switch @@datasource
     * name[:index]}).
     */
    CompletionStage<DataSourceSwitch> switchDataSource(String dataHost, OptionalInt index);

    /**
     * Skips the heartbeats of {@code dataHost}'s active write host for {@code millis} ({@code stop @@heartbeat}): its
     * last heartbeat outcome stands meanwhile, so it neither fails over nor comes back; completes false for a data
     * host the configuration does not have.
     */
    CompletionStage<Boolean> pauseHeartbeat(String dataHost, long millis);

    /**
     * Closes the client connections (8066) with these ids, as KILL CONNECTION does: a statement one of them is running
     * is killed on its data nodes, and its transaction rolls back. Ids of no open connection are skipped. Completes
     * once every connection found is closed ({@code kill @@connection id1,id2,...}).
     */
    CompletionStage<KilledConnections> killConnections(List<Long> ids);

    /**
     * Takes the server out of service for load balancers ({@code offline}): {@link AdminContext#online()} becomes
     * false and clients' pings fail; statements still run, and new clients still log in.
     */
    CompletionStage<Void> offline();

    /** Puts the server back in service after {@link #offline()} ({@code online}). */
    CompletionStage<Void> online();
}
