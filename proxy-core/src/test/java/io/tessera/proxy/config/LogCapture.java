package io.tessera.proxy.config;

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

/** Records what this package logs, at DEBUG and above, as {@code "LEVEL message"}, while it is open. */
final class LogCapture implements AutoCloseable {

    private static final String PACKAGE = "io.tessera.proxy.config";

    private final List<String> events = new CopyOnWriteArrayList<>();
    private final LoggerContext context = (LoggerContext) LogManager.getContext(false);
    private final AbstractAppender appender;

    LogCapture() {
        appender = new AbstractAppender("config-test-capture", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                events.add(event.getLevel() + " " + event.getMessage().getFormattedMessage());
            }
        };
        appender.start();
        Configuration configuration = context.getConfiguration();
        LoggerConfig logger = new LoggerConfig(PACKAGE, Level.DEBUG, false);
        logger.addAppender(appender, Level.DEBUG, null);
        configuration.addLogger(PACKAGE, logger);
        context.updateLoggers();
    }

    List<String> events() {
        return List.copyOf(events);
    }

    List<String> at(Level level) {
        String prefix = level + " ";
        return events.stream().filter(e -> e.startsWith(prefix)).map(e -> e.substring(prefix.length())).toList();
    }

    @Override
    public void close() {
        context.getConfiguration().removeLogger(PACKAGE);
        context.updateLoggers();
        appender.stop();
    }
}
