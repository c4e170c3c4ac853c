/**
 * The optional Prometheus endpoint (server.xml {@code metricsPort}, off by default): Micrometer meters of the
 * clients' statements, the data sources' pools and heartbeats (read from the topology running at each scrape, as the
 * admin port reads them), the front connections, and the JVM, served over HTTP in Prometheus's text format.
 * docs/metrics.md lists every metric.
 */
package io.tessera.proxy.metrics;
