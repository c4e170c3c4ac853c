package io.tessera.proxy.config;

/** How secrets look in {@code toString()}: never the value, not even its length. */
final class Masking {

    static final String MASK = "<masked>";

    private Masking() {
    }
}
