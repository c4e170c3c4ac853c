-- What Navicat for MySQL sends when it opens a connection and lists a schema. Navicat is closed source; these are
-- its statements as captured on the wire and published: a network capture in a public repository (the readme of
-- a tcpdump-based database discovery tool, "data_access_discovery_by_tcpdump.sh" sample output), and the probe
-- ShardingSphere-Proxy answers for Navicat (DatabaseMetaDataExecutor tests: "SELECT COUNT(*) AS support_ndb ...").
-- Navicat sends the first three as one multi-statement text; here they are separate entries.
-- Each statement ends with a semicolon at the end of a line. GuiToolsIT runs every one through Tessera.

-- on connect
SHOW VARIABLES LIKE 'lower_case_%';
SHOW VARIABLES LIKE 'sql_mode';
SELECT COUNT(*) AS support_ndb FROM information_schema.ENGINES WHERE Engine = 'ndbcluster';
SELECT SCHEMA_NAME, DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME FROM information_schema.SCHEMATA;

-- the object counts and lists it reads for code completion
SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'TESTDB' UNION SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'TESTDB' UNION SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'TESTDB';
SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'TESTDB' ORDER BY TABLE_SCHEMA, TABLE_TYPE;
SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'TESTDB' ORDER BY TABLE_SCHEMA, TABLE_NAME;
