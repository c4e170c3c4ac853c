-- What DBeaver's MySQL plugin (org.jkiss.dbeaver.ext.mysql) sends when it opens a connection and browses a schema,
-- read in dbeaver/dbeaver, plugins/org.jkiss.dbeaver.ext.mysql/src/org/jkiss/dbeaver/ext/mysql/model/:
-- MySQLDataSource.java (initialize, CatalogCache, loadUsers, loadPrivileges, loadParameters, collectObjectStatistics)
-- and MySQLCatalog.java (TableCache, IndexCache, ConstraintCache, ProceduresCache, TriggerCache, EventCache).
-- Each statement ends with a semicolon at the end of a line; the bound parameters (?) are the test's schema TESTDB and
-- its table orders. GuiToolsIT runs every one through Tessera.

-- MySQLDataSource.initialize
SHOW ENGINES;
SHOW CHARSET;
SHOW COLLATION;
SELECT @@GLOBAL.character_set_server,@@GLOBAL.collation_server;
SHOW VARIABLES LIKE 'lower_case_table_names';
SELECT * FROM information_schema.TABLES t
WHERE
	t.TABLE_SCHEMA = 'information_schema'
	AND t.TABLE_NAME = 'CHECK_CONSTRAINTS';

-- MySQLDataSource.CatalogCache: older releases read SCHEMATA, newer ones SHOW DATABASES
SELECT * FROM information_schema.SCHEMATA;
show databases;

-- MySQLDataSource.loadUsers, loadPrivileges, loadParameters
SELECT * FROM mysql.user ORDER BY user;
SHOW PRIVILEGES;
SHOW STATUS;
SHOW GLOBAL STATUS;
SHOW VARIABLES;
SHOW GLOBAL VARIABLES;

-- MySQLDataSource.collectObjectStatistics
SELECT table_schema, SUM(data_length + index_length)
FROM information_schema.tables
GROUP BY table_schema;

-- MySQLCatalog.TableCache: prepareLookupStatement, prepareChildrenStatement
SHOW FULL TABLES FROM `TESTDB`;
SHOW FULL TABLES FROM `TESTDB` LIKE 'orders';
SELECT * FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='TESTDB' ORDER BY ORDINAL_POSITION;
SELECT * FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='TESTDB' AND TABLE_NAME='orders' ORDER BY ORDINAL_POSITION;

-- MySQLCatalog.IndexCache
SELECT * FROM information_schema.STATISTICS WHERE TABLE_SCHEMA='TESTDB' ORDER BY INDEX_NAME,SEQ_IN_INDEX;
SELECT * FROM information_schema.STATISTICS WHERE TABLE_SCHEMA='TESTDB' AND TABLE_NAME='orders' ORDER BY INDEX_NAME,SEQ_IN_INDEX;

-- MySQLCatalog.ConstraintCache
SELECT kc.CONSTRAINT_NAME,kc.TABLE_NAME,kc.COLUMN_NAME,kc.ORDINAL_POSITION
FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE kc WHERE kc.TABLE_SCHEMA='TESTDB' AND kc.REFERENCED_TABLE_NAME IS NULL
ORDER BY kc.CONSTRAINT_NAME,kc.ORDINAL_POSITION;

-- MySQLCatalog.ProceduresCache
SELECT * FROM information_schema.ROUTINES
WHERE ROUTINE_SCHEMA='TESTDB'
ORDER BY ROUTINE_NAME;

-- MySQLCatalog.TriggerCache
SHOW FULL TRIGGERS FROM `TESTDB`;

-- MySQLCatalog.EventCache (DBeaver binds the quoted name)
SELECT * FROM information_schema.EVENTS WHERE EVENT_SCHEMA='TESTDB';
