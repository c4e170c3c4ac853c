/**
 * What the statements Tessera answers itself say, read from Druid's tree into plain values: the items of a
 * {@code SET}, the session values a FROM-less {@code SELECT} asks for, {@code SHOW TABLES}, {@code USE},
 * {@code KILL}, savepoints and transaction characteristics ({@link io.tessera.router.local.LocalStatements}), and
 * the session values inlined into a statement that goes to a data node ({@link
 * io.tessera.router.local.SessionValueInliner}). {@code proxy-core}'s {@code local/} and front end act on these
 * values and never see a Druid type: the router is the only module that reads Druid's trees (DESIGN, modules).
 */
package io.tessera.router.local;
