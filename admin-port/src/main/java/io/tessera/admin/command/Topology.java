package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataNodeView;
import io.tessera.admin.DataSourceView;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads data nodes and data hosts out of an {@link AdminContext} in the order the commands print them. */
final class Topology {

    /**
     * A name argument such as {@code where datanode = dn1}: bare, or quoted with {@code '}, {@code "} or a backquote.
     * Two groups: the quote, then the name.
     */
    static final String NAME_ARGUMENT = "(['\"`]?)([^'\"`\\s]+)\\1";

    private Topology() {
    }

    /** Every data node, by name ({@link NameOrder}). */
    static List<DataNodeView> sortedNodes(AdminContext context) {
        List<DataNodeView> nodes = new ArrayList<>(context.dataNodes());
        nodes.sort(Comparator.comparing(DataNodeView::name, NameOrder.INSTANCE));
        return nodes;
    }

    /** Every data host, by name ({@link NameOrder}). */
    static List<DataHostView> sortedHosts(AdminContext context) {
        List<DataHostView> hosts = new ArrayList<>(context.dataHosts());
        hosts.sort(Comparator.comparing(DataHostView::name, NameOrder.INSTANCE));
        return hosts;
    }

    static Map<String, DataHostView> hostsByName(AdminContext context) {
        Map<String, DataHostView> byName = new HashMap<>();
        for (DataHostView host : context.dataHosts()) {
            byName.put(host.name(), host);
        }
        return byName;
    }

    /** The write host at the data host's active index, or null when there is no such write host. */
    static DataSourceView activeWriteSource(DataHostView host) {
        int index = 0;
        for (DataSourceView source : host.dataSources()) {
            if (!source.isReadHost()) {
                if (index == host.activeWriteIndex()) {
                    return source;
                }
                index++;
            }
        }
        return null;
    }

    /**
     * The data source named {@code name} (its {@code host} attribute in schema.xml), searched in every data host.
     *
     * @throws io.tessera.protocol.error.TesseraException ERR 1105 when there is none
     */
    static DataSourceView source(AdminContext context, String name) {
        for (DataHostView host : context.dataHosts()) {
            for (DataSourceView source : host.dataSources()) {
                if (source.name().equals(name)) {
                    return source;
                }
            }
        }
        throw unknown("data source", name);
    }

    /** ERR 1105 for a name that a {@code where} clause gives and the configuration does not have. */
    static TesseraException unknown(String what, String name) {
        return ErrorCode.UNKNOWN_ERROR.exception("unknown " + what + " '" + name + "'");
    }
}
