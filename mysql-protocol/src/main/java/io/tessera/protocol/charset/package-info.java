/** Collation ids, their names, character sets and Java charsets (MySQL manual: "Character Sets and Collations"). */
package io.tessera.protocol.charset;
