/**
 * MyCat's global sequences in statement text and trees: the {@code next value for MYCATSEQ_<NAME>} calls a text
 * holds (outside strings and comments), and the primary key an {@code autoIncrement} table's INSERT leaves out.
 * Tessera takes the ids; this package only says where they go.
 */
package io.tessera.router.sequence;
