package io.tessera.proxy.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The HTTP side of the metrics: {@code GET /metrics} on {@code bindIp:metricsPort} answers {@link TesseraMetrics}'
 * scrape; any other path is 404 and any other method 405. The JDK's HTTP server on one daemon thread is enough for a
 * scraper every few seconds, and keeps HTTP out of the Netty event loops that serve the clients.
 */
public final class MetricsServer implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(MetricsServer.class);
    private static final String PATH = "/metrics";
    /** A scrape of a few data hosts is some tens of KiB. */
    private static final int INITIAL_BODY_BYTES = 32 * 1024;

    private final HttpServer server;
    private final ExecutorService executor;
    private final TesseraMetrics metrics;

    private MetricsServer(HttpServer server, ExecutorService executor, TesseraMetrics metrics) {
        this.server = server;
        this.executor = executor;
        this.metrics = metrics;
    }

    /**
     * Listens on {@code bindIp:port} and returns once the port is bound.
     *
     * @throws UncheckedIOException when the address cannot be bound (port in use, unknown address)
     */
    public static MetricsServer bind(String bindIp, int port, TesseraMetrics metrics) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(bindIp, port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("metricsPort " + port + ": cannot listen on " + bindIp + ":" + port + ": "
                    + e.getMessage(), e);
        }
        ExecutorService executor = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "tessera-metrics");
            thread.setDaemon(true); // a scrape in progress never holds the JVM up
            return thread;
        });
        MetricsServer metricsServer = new MetricsServer(server, executor, metrics);
        server.setExecutor(executor);
        server.createContext("/", metricsServer::handle);
        server.start();
        return metricsServer;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            if (!PATH.equals(exchange.getRequestURI().getPath())) {
                exchange.sendResponseHeaders(404, -1);
            } else if (!"GET".equals(exchange.getRequestMethod())) {
                exchange.getResponseHeaders().set("Allow", "GET");
                exchange.sendResponseHeaders(405, -1);
            } else {
                scrape(exchange);
            }
        } finally {
            exchange.close();
        }
    }

    private void scrape(HttpExchange exchange) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(INITIAL_BODY_BYTES);
        try {
            metrics.scrape(body);
        } catch (RuntimeException e) { // a bug of Tessera's: the scraper sees the scrape fail, the log says why
            LOG.error("metrics: the scrape failed", e);
            exchange.sendResponseHeaders(500, -1);
            return;
        }
        exchange.getResponseHeaders().set("Content-Type", TesseraMetrics.CONTENT_TYPE);
        exchange.sendResponseHeaders(200, body.size());
        body.writeTo(exchange.getResponseBody());
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
