/**
 * Integration-test fixtures: {@link io.tessera.proxy.it.DataHosts} chooses the real MySQL-compatible server the
 * tests run against (system property {@code tessera.it.backend}), and {@link io.tessera.proxy.it.RunningTessera}
 * starts Tessera in-process on a configuration template for one test class. The {@code *IT} classes that use them
 * run in failsafe's {@code integration-test} phase ({@code mvn verify}).
 */
package io.tessera.proxy.it;
