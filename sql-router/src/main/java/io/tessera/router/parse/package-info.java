/**
 * The Druid adapter: parses one statement with {@code MySqlStatementParser} (never twice per execution),
 * classifies it and collects the tables it names.
 */
package io.tessera.router.parse;
