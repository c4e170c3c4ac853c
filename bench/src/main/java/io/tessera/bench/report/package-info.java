/**
 * The HTML report of a thread sweep: one workload run at several thread counts against each target, drawn as
 * inline SVG line charts (QPS, p99 latency, proxy CPU per query) over a table of the figures and the QPS ratios.
 * The page is one self-contained file, with no scripts, fonts or style sheets to fetch, so it can be mailed or
 * attached to a ticket and still opens offline.
 */
package io.tessera.bench.report;
