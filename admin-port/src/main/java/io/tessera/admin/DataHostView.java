package io.tessera.admin;

import java.util.List;

/** One data host ({@code <dataHost>}): a group of MySQL servers, its write hosts and their read hosts. */
public interface DataHostView {

    /** The data host name, e.g. {@code host1}. */
    String name();

    /**
     * Index of the write host now in use, counting {@code <writeHost>} elements from 0 in configuration order (MyCat's
     * active index, kept in {@code conf/dnindex.properties}; {@code show @@datanode} INDEX).
     */
    int activeWriteIndex();

    /**
     * Every physical source in configuration order: each {@code <writeHost>} followed by its own {@code <readHost>}s.
     * {@link #activeWriteIndex()} counts only the write hosts in this list.
     */
    List<DataSourceView> dataSources();
}
