/**
 * Tessera's process: {@link io.tessera.proxy.TesseraMain} (command line) and {@link io.tessera.proxy.TesseraServer},
 * which wires configuration, backend pools, router, executor and the two listening ports together.
 */
package io.tessera.proxy;
