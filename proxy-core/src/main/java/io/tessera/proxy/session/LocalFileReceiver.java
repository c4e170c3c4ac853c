package io.tessera.proxy.session;

import io.netty.buffer.ByteBuf;

/**
 * Takes the file a client sends for {@code LOAD DATA LOCAL INFILE} ({@link ClientChannel#requestLocalFile}): the
 * packets after the request, up to the empty one that ends the file. Runs on the client's event loop.
 */
public interface LocalFileReceiver {

    /** One packet of the file's content, which the receiver owns. */
    void data(ByteBuf content);

    /** The empty packet: the file has ended; the command's answer follows it. */
    void end();

    /** The client went away before the file ended. */
    void abandoned();
}
