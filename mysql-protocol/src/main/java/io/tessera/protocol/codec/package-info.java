/**
 * Framing of the MySQL byte stream: {@link io.tessera.protocol.codec.PacketDecoder} cuts frames,
 * {@link io.tessera.protocol.codec.PayloadAggregator} joins 16 MiB continuations,
 * {@link io.tessera.protocol.codec.PacketWriter} numbers and frames outgoing payloads, and
 * {@link io.tessera.protocol.codec.PayloadReader} / {@link io.tessera.protocol.codec.PayloadWriter} read and
 * write the protocol's basic data types.
 */
package io.tessera.protocol.codec;
