package io.tessera.proxy.it;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Every line Tessera logs, at DEBUG and above, from {@link #capture} to {@link #close}, with its stack traces: what a
 * test looks through for text that must never be logged. The usual appenders still get the lines.
 */
final class LogLines implements AutoCloseable {

    private static final String LOGGER = "io.tessera";

    private final String logger;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final LoggerContext context = (LoggerContext) LogManager.getContext(false);
    private final AbstractAppender appender;

    private LogLines(String loggerName) {
        this.logger = loggerName;
        appender = new AbstractAppender("it-log-lines", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                lines.add(event.getLevel() + " " + event.getLoggerName() + " " + event.getMessage()
                        .getFormattedMessage() + (event.getThrown() == null ? "" : " " + event.getThrown()));
            }
        };
        appender.start();
        Configuration configuration = context.getConfiguration();
        LoggerConfig config = new LoggerConfig(loggerName, Level.DEBUG, true);
        config.addAppender(appender, Level.DEBUG, null);
        configuration.addLogger(loggerName, config);
        context.updateLoggers();
    }

    static LogLines capture() {
        return new LogLines(LOGGER);
    }

    /** The lines of {@code loggerName} and its children, e.g. Netty's ResourceLeakDetector's. */
    static LogLines capture(String loggerName) {
        return new LogLines(loggerName);
    }

    List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void close() {
        context.getConfiguration().removeLogger(logger);
        context.updateLoggers();
        appender.stop();
    }
}
