/**
 * Typed errors: {@link io.tessera.protocol.error.ErrorCode} (MySQL's code, SQLSTATE and message template) and
 * {@link io.tessera.protocol.error.TesseraException}, which becomes one ERR packet at the front-end boundary;
 * {@link io.tessera.protocol.error.DataHostError} for those in a data host's words.
 */
package io.tessera.protocol.error;
