package io.tessera.router.locality;

import java.util.List;

/**
 * A LEFT or RIGHT JOIN: every row of the preserved side appears, with NULLs where the other side has no match.
 */
record OuterJoin(List<Source> preserved, List<Source> nullSupplying) {

    OuterJoin {
        preserved = List.copyOf(preserved);
        nullSupplying = List.copyOf(nullSupplying);
    }
}
