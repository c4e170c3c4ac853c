package io.tessera.admin;

import java.util.List;
import java.util.Objects;

/**
 * One {@code <firewall><whitehost><host host="..." user="..."/>} entry of server.xml, as {@code show @@white} lists it.
 *
 * @param host  the address or pattern as written, e.g. {@code 127.0.0.1} or {@code 10.0.0.*}
 * @param users the users who may log in from it, in the order written
 */
public record WhiteHostView(String host, List<String> users) {

    public WhiteHostView {
        Objects.requireNonNull(host, "host");
        users = List.copyOf(users);
    }
}
