package io.tessera.router.parse;

/** The kinds of statement the front end and the router treat differently. */
public enum StatementType {
    SELECT, INSERT, REPLACE, UPDATE, DELETE,
    /** CREATE/ALTER/DROP/TRUNCATE TABLE, CREATE/DROP INDEX and other schema changes. */
    DDL,
    /** SHOW ... about a table: SHOW CREATE TABLE, SHOW COLUMNS, SHOW INDEX, DESCRIBE. */
    SHOW_TABLE_INFO,
    SHOW_DATABASES, SHOW_TABLES, SHOW_WARNINGS, SHOW_VARIABLES,
    /** SHOW GRANTS [FOR user], SHOW [FULL] PROCESSLIST, SHOW [GLOBAL | SESSION] STATUS: Tessera answers them itself. */
    SHOW_GRANTS, SHOW_PROCESSLIST, SHOW_STATUS,
    /**
     * SHOW TABLE STATUS and SHOW CREATE DATABASE: Tessera answers them for the logical schema from its data nodes'
     * answers (one row per logical table, statistics summed over its nodes; the logical schema's name).
     */
    SHOW_TABLE_STATUS, SHOW_CREATE_DATABASE,
    /**
     * SHOW PROCEDURE STATUS, SHOW FUNCTION STATUS, SHOW TRIGGERS and SHOW EVENTS, and SHOW CREATE PROCEDURE /
     * FUNCTION / TRIGGER / VIEW / EVENT: Tessera lists the logical schemas' stored objects, and shows the text of one,
     * from their data nodes' answers, under logical names.
     */
    SHOW_OBJECTS,
    SHOW_OTHER,
    SET, SET_TRANSACTION, USE,
    BEGIN, COMMIT, ROLLBACK,
    /** SAVEPOINT, ROLLBACK TO [SAVEPOINT], RELEASE SAVEPOINT. */
    SAVEPOINT,
    /** XA START / END / PREPARE / COMMIT / ROLLBACK / RECOVER written by the client. */
    XA,
    EXPLAIN, KILL,
    /** LOCK TABLES / UNLOCK TABLES. */
    LOCK,
    /** LOAD DATA [LOCAL] INFILE. */
    LOAD_DATA,
    OTHER;

    /** SELECT, SHOW and EXPLAIN: they only read, so any copy of a global table may answer them. */
    public boolean reads() {
        return switch (this) {
            case SELECT, SHOW_TABLE_INFO, SHOW_VARIABLES, SHOW_GRANTS, SHOW_PROCESSLIST, SHOW_STATUS, SHOW_OBJECTS,
                    SHOW_OTHER, EXPLAIN -> true;
            default -> false;
        };
    }

    /**
     * INSERT, REPLACE, UPDATE, DELETE, LOAD DATA: changes to rows, which a data host undoes when the statement fails.
     */
    public boolean changesRows() {
        return switch (this) {
            case INSERT, REPLACE, UPDATE, DELETE, LOAD_DATA -> true;
            default -> false;
        };
    }
}
