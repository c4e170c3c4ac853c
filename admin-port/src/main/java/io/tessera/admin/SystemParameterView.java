package io.tessera.admin;

import java.util.Objects;

/**
 * One setting of server.xml's {@code <system>} in force, as {@code show @@sysparam} lists it.
 *
 * @param name        the name MyCat's {@code show @@sysparam} gives it, e.g. {@code processors} or
 *                    {@code Mysql_maxPacketSize}
 * @param value       its value in force, as text
 * @param description what it does in Tessera
 */
public record SystemParameterView(String name, String value, String description) {

    public SystemParameterView {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(description, "description");
    }
}
