/** Protocol constants: capability flags, server status flags, command bytes, column types and flags. */
package io.tessera.protocol.constant;
