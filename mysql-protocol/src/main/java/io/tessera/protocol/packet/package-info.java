/**
 * One immutable value per MySQL packet, each with {@code read(PayloadReader)} and {@code writeTo(PayloadWriter)}
 * as its direction needs. {@code toString()} never prints payload bytes or scrambles.
 */
package io.tessera.protocol.packet;
