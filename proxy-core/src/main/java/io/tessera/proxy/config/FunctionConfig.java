package io.tessera.proxy.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A rule.xml {@code <function>}: a sharding algorithm and its settings. Neither the class nor the properties
 * are checked here: the router's function registry knows which classes exist and what they take. Map files
 * named in properties resolve against the configuration directory ({@link TesseraConfig#resolve(String)}).
 *
 * @param name the name {@code <algorithm>} refers to
 * @param className the MyCat class, e.g. {@code io.mycat.route.function.PartitionByMod} (or its
 *     {@code org.opencloudb} name)
 * @param properties {@code <property name="...">} values, trimmed, in document order; a property holding a
 *     {@code <bean>} keeps the bean as XML text
 */
public record FunctionConfig(String name, String className, Map<String, String> properties) {

    public FunctionConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(className, "className");
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }
}
