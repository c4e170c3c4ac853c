/**
 * MyCat 1.6's test-tool SQL templates: statements with {@code ${int(1-100)}}-style variables that take a new random
 * value each time one is rendered, and the {@code total=} / {@code sql=} files that hold them, so that the insert and
 * select templates MyCat users already have run unchanged against Tessera.
 */
package io.tessera.bench.template;
