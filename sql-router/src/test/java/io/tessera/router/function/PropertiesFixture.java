package io.tessera.router.function;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Builds rule.xml properties and sharding values for the function tests. */
final class PropertiesFixture {

    private PropertiesFixture() {
    }

    /** Properties of a function named {@code f} whose map files are test resources under {@code /function/}. */
    static FunctionProperties props(String... keyValues) {
        return new FunctionProperties("f", map(keyValues), PropertiesFixture::resource);
    }

    /** Properties of a function named {@code f} whose map files are in {@code dir}. */
    static FunctionProperties propsIn(Path dir, String... keyValues) {
        return new FunctionProperties("f", map(keyValues), dir::resolve);
    }

    private static Map<String, String> map(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    private static Path resource(String name) {
        URL url = PropertiesFixture.class.getResource("/function/" + name);
        try {
            return url == null ? Path.of("no-such-resource", name) : Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code NULL}, {@code 'text'} (a string literal: the outer quotes are removed, so {@code ''a''} is the text
     * {@code 'a'}) or an integer literal.
     */
    static SqlValue value(String spec) {
        if (spec.equals("NULL")) {
            return SqlValue.Null.INSTANCE;
        }
        if (spec.length() >= 2 && spec.startsWith("'") && spec.endsWith("'")) {
            return SqlValue.of(spec.substring(1, spec.length() - 1));
        }
        return SqlValue.of(Long.parseLong(spec));
    }
}
