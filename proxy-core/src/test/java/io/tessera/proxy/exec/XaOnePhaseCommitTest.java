package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.exec.xa.XaCoordinator;
import io.tessera.proxy.session.Participant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@link XaCoordinator}'s commit of a transaction on one data node ({@code XA COMMIT ... ONE PHASE}): what its ERR
 * says when the node answers with an error, and when its connection is lost before the answer.
 */
class XaOnePhaseCommitTest {

    private static final int FORMAT_ID = 0x54455353; // Xids: "TESS"
    private static final String XID_END = "XA END 'g1','dn1'," + FORMAT_ID;
    private static final String COMMIT = "XA COMMIT 'g1','dn1'," + FORMAT_ID + " ONE PHASE";

    private final RecordingBackend branch = new RecordingBackend(11, new EmbeddedChannel().eventLoop());
    private final XaCoordinator xa = new XaCoordinator(null, null); // one branch: no log, no recovery

    @Test
    void anErrFromTheNodeIsItsOwnAndLeavesNothingUnknown() {
        branch.fail(COMMIT, new TesseraException(1180, "HY000",
                "Got error 6 during COMMIT"));

        TesseraException error = failure(xa.commit("g1", List.of(new Participant("dn1", branch))));

        assertThat(error.errorCode()).isEqualTo(1180);
        assertThat(error.getMessage()).isEqualTo("COMMIT failed on data node dn1 (Got error 6 during COMMIT)");
        assertThat(branch.closed()).isEqualTo(1);
    }

    @Test
    void aConnectionLostBeforeTheAnswerSaysTheCommitMayHaveTakenEffect() {
        branch.breakOn(COMMIT);

        TesseraException error = failure(xa.commit("g1", List.of(new Participant("dn1", branch))));

        assertThat(branch.sent()).containsExactly(XID_END, COMMIT);
        assertThat(error.errorCode()).isEqualTo(1105);
        assertThat(error.getMessage()).isEqualTo("COMMIT failed on data node dn1 (data host host1 (127.0.0.1:3306):"
                + " connection closed by the server); whether it took effect there is unknown: the connection was"
                + " lost before the answer");
    }

    private static TesseraException failure(CompletableFuture<Void> commit) {
        assertThat(commit).isCompletedExceptionally();
        return (TesseraException) commit.handle((ok, e) -> e.getCause() != null ? e.getCause() : e).join();
    }
}
