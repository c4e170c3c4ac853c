package io.tessera.router.parse;

/** The kinds of statement the front end and the router treat differently. */
public enum StatementType {
    SELECT, INSERT, REPLACE, UPDATE, DELETE,
    /** CREATE/ALTER/DROP/TRUNCATE TABLE, CREATE/DROP INDEX and other schema changes. */
    DDL,
    /** SHOW ... about a table: SHOW CREATE TABLE, SHOW COLUMNS, SHOW INDEX, DESCRIBE. */
    SHOW_TABLE_INFO,
    SHOW_DATABASES, SHOW_TABLES, SHOW_WARNINGS, SHOW_VARIABLES, SHOW_OTHER,
    SET, SET_TRANSACTION, USE,
    BEGIN, COMMIT, ROLLBACK,
    EXPLAIN, KILL,
    /** LOCK TABLES / UNLOCK TABLES. */
    LOCK,
    OTHER
}
