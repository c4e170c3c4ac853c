package io.tessera.proxy.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class AcceptFailuresTest {

    @Test
    void anAcceptFailureEndsHereAndTheListenerStaysOpen() {
        EmbeddedChannel listener = new EmbeddedChannel(new AcceptFailures(10_000));

        for (int i = 0; i < 3; i++) { // Netty's acceptor retries every second: warned once, counted each time
            listener.pipeline().fireExceptionCaught(
                    new IOException("accept(..) failed with error(-24): Too many open files"));
        }

        listener.checkException(); // would rethrow a failure that reached the tail of the pipeline
        assertThat(listener.isOpen()).isTrue();
        assertThat(listener.finish()).isFalse();
    }
}
