package io.tessera.protocol.charset;

import java.nio.charset.Charset;

/** One collation: its protocol id, name, character set name and the Java charset that decodes it. */
public record Collation(int id, String name, String charsetName, Charset javaCharset) {
}
