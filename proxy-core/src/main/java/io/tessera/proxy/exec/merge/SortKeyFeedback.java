package io.tessera.proxy.exec.merge;

import java.util.Set;

/** Where a merge tells what the data nodes' column types showed of its sort keys ({@link SortKeyCheck}). */
public interface SortKeyFeedback {

    /** Keeps nothing: for plans that never leave a key's weight out. */
    SortKeyFeedback NONE = new SortKeyFeedback() {
        @Override
        public void notStrings(Set<String> expressions) {
        }

        @Override
        public void changed() {
        }
    };

    /** The keys {@code expressions} ({@link io.tessera.router.plan.SortKey#expression}) are no strings. */
    void notStrings(Set<String> expressions);

    /** A key planned as no string is a string now: its type changed outside Tessera, and what was learnt is wrong. */
    void changed();
}
