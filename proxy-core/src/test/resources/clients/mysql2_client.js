'use strict';
// Drives Tessera with Node's mysql2 driver, for NodeMysql2IT.
//
// Usage: node mysql2_client.js MODULES_DIR HOST PORT USER PASSWORD SCHEMA OTHER_USER OTHER_PASSWORD, where
// MODULES_DIR holds the node_modules that `npm ci` installed from proxy-core/src/test/node, and OTHER_USER may read
// SCHEMA (changeUser switches to it). It expects TESTDB's orders table to be sharded by id mod 2, and creates it.
// It prints one "name=value" line per fact that the Java test checks, then "done". Any error ends it with a stack
// trace and exit 1.

const [modulesDir, host, port, user, password, schema, otherUser, otherPassword] = process.argv.slice(2);
const mysql = require(require.resolve('mysql2/promise', { paths: [modulesDir] }));
const mysql2Version = require(require.resolve('mysql2/package.json', { paths: [modulesDir] })).version;

function print(name, value) {
  console.log(`${name}=${value}`);
}

function connect() {
  // Default options only: mysql2 starts in autocommit mode.
  return mysql.createConnection({ host, port: Number(port), user, password, database: schema });
}

async function customers(conn, sql, params) {
  const [rows] = await conn.execute(sql, params);
  return rows.map((r) => r.customer).join(',') || '-';
}

async function main() {
  print('driver', `mysql2 ${mysql2Version} node ${process.versions.node}`);
  const conn = await connect();

  const [db] = await conn.query('SELECT DATABASE() AS db');
  print('database', db[0].db);

  await conn.query('DROP TABLE IF EXISTS orders');
  await conn.query('CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2))');

  // execute() prepares on the server and binds every JS number as DOUBLE: the keys 1 and 2 arrive as 1.0 and 2.0.
  const insert = 'INSERT INTO orders (id, customer, total) VALUES (?, ?, ?)';
  await conn.execute(insert, [1, 'c1', 1.5]);
  await conn.execute(insert, [2, 'c2', 2]);
  // query() writes the values into the SQL itself: one multi-row INSERT over both shards.
  const [multi] = await conn.query('INSERT INTO orders (id, customer, total) VALUES ?',
    [[3, 4, 5, 6].map((i) => [i, `c${i}`, i])]);
  print('multi-row insert', multi.affectedRows);

  const byKey = 'SELECT customer FROM orders WHERE id = ?';
  for (const key of [1, 2, 3, 4, 5, 6]) {
    print(`execute key ${key}`, await customers(conn, byKey, [key]));
  }
  for (const key of [3, 4]) {
    const [rows] = await conn.query(byKey, [key]);
    print(`query key ${key}`, rows.map((r) => r.customer).join(',') || '-');
  }
  // mysql2 binds a number as an integer only when the prepare response types the parameter as one; the type it
  // saw, then keys with an explicit wire type: DOUBLE 3.0 and 4.0 must find the rows of 3 and 4.
  const prepared = await conn.prepare(byKey);
  print('parameter type of id = ?', (prepared.statement || prepared).parameters[0].columnType);
  // unprepare, not close: prepare() handed back execute()'s cached statement, and close() would leave it cached
  // though closed (the next execute then gets 1243 Unknown prepared statement handler, from MariaDB directly too).
  conn.unprepare(byKey);
  const typed = mysql.TypedParameter;
  print('execute key DOUBLE 3', await customers(conn, byKey, [typed.DOUBLE(3)]));
  print('execute key DOUBLE 4', await customers(conn, byKey, [typed.DOUBLE(4)]));
  print('execute key DECIMAL 5.0', await customers(conn, byKey, [typed.DECIMAL('5.0')]));
  print('execute key LONGLONG 6', await customers(conn, byKey, [typed.LONGLONG(6)]));
  print("execute key '5'", await customers(conn, byKey, ['5']));
  print('execute key 5n', await customers(conn, byKey, [5n]));
  const [updated] = await conn.execute('UPDATE orders SET total = total + 1 WHERE id = ?', [6]);
  print('update by 6', updated.affectedRows);

  const [ordered] = await conn.query('SELECT id, customer, total FROM orders ORDER BY id DESC');
  print('order by id desc', ordered.map((r) => r.id).join(','));
  const [inList] = await conn.execute('SELECT id FROM orders WHERE id IN (?, ?, ?) ORDER BY customer', [5, 2, 4]);
  print('in list', inList.map((r) => r.id).join(','));
  // LIMIT's parameters arrive as DOUBLE too; the merge of both shards applies them after the ORDER BY.
  const [page] = await conn.execute('SELECT id FROM orders ORDER BY id DESC LIMIT ?, ?', [1, 3]);
  print('execute order by id desc limit 1, 3', page.map((r) => r.id).join(','));
  const [queryPage] = await conn.query('SELECT id FROM orders ORDER BY id LIMIT ?, ?', [2, 2]);
  print('query order by id limit 2, 2', queryPage.map((r) => r.id).join(','));
  await conn.ping();
  const [sums] = await conn.execute('SELECT COUNT(*) AS n, SUM(total) AS total FROM orders');
  print('count, sum', `${sums[0].n},${sums[0].total}`);

  // A transaction over both shards that commits, then one that rolls back; a second connection looks.
  await conn.beginTransaction();
  await conn.execute(insert, [7, 'c7', 7]);
  await conn.execute(insert, [8, 'c8', 8]);
  await conn.commit();
  await conn.beginTransaction();
  await conn.execute(insert, [9, 'c9', 9]);
  await conn.execute(insert, [10, 'c10', 10]);
  await conn.execute("UPDATE orders SET customer = 'changed' WHERE id IN (?, ?)", [1, 2]);
  const [inside] = await conn.query('SELECT COUNT(*) AS n FROM orders');
  print('inside transaction', inside[0].n);
  await conn.rollback();
  const other = await connect();
  const [seen] = await other.query('SELECT id, customer FROM orders ORDER BY id');
  print('other connection', seen.map((r) => `${r.id}:${r.customer}`).join(','));
  await other.end();

  // An unknown table, as a query and as a prepared statement; the connection stays usable.
  for (const how of ['query', 'execute']) {
    try {
      await conn[how]('SELECT * FROM no_such_table');
      print(`${how} error`, 'none');
    } catch (e) {
      print(`${how} error`, `${e.code} ${e.errno} ${e.sqlState} ${e.message.includes("doesn't exist")}`);
    }
  }
  const [one] = await conn.query('SELECT 1 AS one');
  print('after error', one[0].one);

  await conn.end();

  // changeUser sends COM_CHANGE_USER with a mysql_native_password proof against the greeting's nonce.
  const changing = await connect();
  await changing.query('SET @before = 1');
  await changing.changeUser({ user: otherUser, password: otherPassword, database: schema });
  const [changed] = await changing.query('SELECT CURRENT_USER() AS cu, DATABASE() AS db, @before AS v');
  print('changeUser', `${changed[0].cu} ${changed[0].db} ${changed[0].v}`);
  print('after changeUser', await customers(changing, 'SELECT customer FROM orders WHERE id = ?', [1]));
  try {
    await changing.changeUser({ user, password: 'wrong', database: schema });
    print('changeUser wrong password', 'accepted');
  } catch (e) {
    print('changeUser wrong password', `${e.code} ${e.errno} fatal=${Boolean(e.fatal)}`);
  }
  changing.destroy();
  console.log('done');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
