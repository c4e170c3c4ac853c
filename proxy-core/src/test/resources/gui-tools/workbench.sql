-- What MySQL Workbench's SQL editor sends when it browses a schema in its navigator, read in mysql/mysql-workbench,
-- backend/wbprivate/sqlide/wb_sql_editor_tree_controller.cpp: do_fetch_live_schema_contents (tables, views,
-- procedures, functions of a schema), fetch_column_data, fetch_trigger_data and fetch_index_data. Its sqlstring
-- placeholders (! a quoted name, ? a quoted value) are the test's schema TESTDB and table orders.
-- Each statement ends with a semicolon at the end of a line. GuiToolsIT runs every one through Tessera.

-- the schema list: Connector/C++'s DatabaseMetaData::getSchemata (fetch_schema_list)
SHOW DATABASES;

-- do_fetch_live_schema_contents
SHOW FULL TABLES FROM `TESTDB`;
SHOW PROCEDURE STATUS WHERE Db='TESTDB';
SHOW FUNCTION STATUS WHERE Db='TESTDB';

-- fetch_column_data, fetch_trigger_data, fetch_index_data
SHOW FULL COLUMNS FROM `TESTDB`.`orders`;
SHOW TRIGGERS FROM `TESTDB` LIKE 'orders';
SHOW INDEXES FROM `TESTDB`.`orders`;

-- not read in its source: the statements issue 17 names for its table views
SHOW CREATE TABLE `TESTDB`.`orders`;
SHOW TABLE STATUS FROM `TESTDB` LIKE 'orders';
SHOW INDEX FROM `orders` FROM `TESTDB`;
