/**
 * Global sequences: the {@link io.tessera.proxy.sequence.Sequences} the statement pipeline takes ids from before
 * routing, and the handlers of server.xml's {@code sequenceHandlerType} that hand them out.
 */
package io.tessera.proxy.sequence;
