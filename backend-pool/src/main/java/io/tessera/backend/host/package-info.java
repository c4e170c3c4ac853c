/**
 * Data host groups: {@link io.tessera.backend.host.DataHost} is MyCat's {@code <dataHost>}, its write hosts and
 * read hosts each a {@link io.tessera.backend.host.Server} with its own pool and heartbeat, and hands out connections
 * by {@link io.tessera.backend.host.Intent}. MyCat's {@code balance}, {@code writeType} and {@code switchType} are
 * the enums {@link io.tessera.backend.host.Balance}, {@link io.tessera.backend.host.WriteType} and
 * {@link io.tessera.backend.host.SwitchType}. Reads are spread by {@code balance} and {@code weight}
 * ({@code ReadBalancer}); the active write host is given up for the next live one after {@code maxRetryCount} failed
 * heartbeats ({@code WriteFailover}, {@code switchType}), and a
 * {@link io.tessera.backend.host.WriteHostSwitchListener} is told. {@code writeType} 1 and 2 are not applied yet.
 */
package io.tessera.backend.host;
