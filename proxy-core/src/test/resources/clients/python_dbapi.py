"""Drives Tessera with a Python DB-API 2 driver, for PythonClientsIT.

Usage: python_dbapi.py DRIVER HOST PORT USER PASSWORD SCHEMA, where DRIVER is pymysql or MySQLdb. It expects
TESTDB's orders table to be sharded by id mod 2, and creates it. It prints one "name=value" line per fact that the
Java test checks, then "done". Any exception ends it with a traceback and a non-zero exit; exit 3 means the driver
module is not installed.
"""

import importlib
import sys


def main():
    driver_name, host, port, user, password, schema = sys.argv[1:7]
    try:
        driver = importlib.import_module(driver_name)
    except ImportError as e:
        print("missing=%s: %s" % (driver_name, e), flush=True)
        sys.exit(3)
    print("driver=%s %s" % (driver_name, version(driver_name, driver)))

    def connect():
        # Default options only: both drivers start with autocommit off, so every change needs a commit().
        return driver.connect(host=host, port=int(port), user=user, password=password, database=schema)

    conn = connect()
    cur = conn.cursor()

    cur.execute("SELECT DATABASE()")
    print("database=%s" % cur.fetchone()[0])

    cur.execute("DROP TABLE IF EXISTS orders")
    cur.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2))")

    # One row per execute, then a batch that executemany sends as one multi-row INSERT over both shards.
    cur.execute("INSERT INTO orders (id, customer, total) VALUES (%s, %s, %s)", (1, "c1", "1.50"))
    cur.execute("INSERT INTO orders (id, customer, total) VALUES (%(id)s, %(customer)s, %(total)s)",
                {"id": 2, "customer": "c2", "total": 2})
    print("executemany=%d" % cur.executemany("INSERT INTO orders (id, customer, total) VALUES (%s, %s, %s)",
                                             [(i, "c%d" % i, i) for i in range(3, 7)]))
    conn.commit()

    for key in (1, 2, 3, 4, 5, 6):
        cur.execute("SELECT customer FROM orders WHERE id = %s", (key,))
        print("key %d=%s" % (key, customers(cur)))
    # A float parameter is written into the SQL as 3.0e0 by both drivers; it must find the row of 3.
    for key in (3.0, 4.0):
        cur.execute("SELECT customer FROM orders WHERE id = %s", (key,))
        print("float key %r=%s" % (key, customers(cur)))
    cur.execute("SELECT customer FROM orders WHERE id = %s", ("5",))
    print("string key '5'=%s" % customers(cur))
    cur.execute("UPDATE orders SET total = total + 1 WHERE id = %s", (6.0,))
    print("update by float 6.0=%d" % cur.rowcount)
    conn.commit()

    cur.execute("SELECT id, customer, total FROM orders ORDER BY id DESC")
    print("order by id desc=%s" % ",".join(str(row[0]) for row in cur.fetchall()))
    cur.execute("SELECT id FROM orders WHERE id IN (%s, %s, %s) ORDER BY customer", (5, 2, 4))
    print("in list=%s" % ",".join(str(row[0]) for row in cur.fetchall()))
    cur.execute("SELECT id FROM orders ORDER BY id DESC LIMIT %s, %s", (1, 3))
    print("order by id desc limit 1, 3=%s" % ",".join(str(row[0]) for row in cur.fetchall()))
    conn.ping()
    conn.select_db(schema)
    cur.execute("SELECT DATABASE()")
    print("database after select_db=%s" % cur.fetchone()[0])
    cur.execute("SELECT COUNT(*), SUM(total) FROM orders")
    count, total = cur.fetchone()
    print("count, sum=%d,%s" % (count, total))

    # A transaction over both shards that commits, then one that rolls back; a second connection looks.
    cur.execute("INSERT INTO orders (id, customer, total) VALUES (%s, %s, %s)", (7, "c7", 7))
    cur.execute("INSERT INTO orders (id, customer, total) VALUES (%s, %s, %s)", (8, "c8", 8))
    conn.commit()
    cur.execute("INSERT INTO orders (id, customer, total) VALUES (%s, %s, %s)", (9, "c9", 9))
    cur.execute("INSERT INTO orders (id, customer, total) VALUES (%s, %s, %s)", (10, "c10", 10))
    cur.execute("UPDATE orders SET customer = 'changed' WHERE id IN (%s, %s)", (1, 2))
    cur.execute("SELECT COUNT(*) FROM orders")
    print("inside transaction=%d" % cur.fetchone()[0])
    conn.rollback()
    other = connect()
    other_cur = other.cursor()
    other_cur.execute("SELECT id, customer FROM orders ORDER BY id")
    print("other connection=%s" % ",".join("%d:%s" % row for row in other_cur.fetchall()))
    other.close()

    # An unknown table: the driver's ProgrammingError with MySQL's 1146; the connection stays usable.
    try:
        cur.execute("SELECT * FROM no_such_table")
        print("error=none")
    except driver.Error as e:
        print("error=%s %d %s" % (type(e).__name__, e.args[0], "doesn't exist" in e.args[1]))
    cur.execute("SELECT 1")
    print("after error=%d" % cur.fetchone()[0])

    conn.close()
    print("done", flush=True)


def customers(cur):
    return ",".join(row[0] for row in cur.fetchall()) or "-"


def version(name, driver):
    if name == "MySQLdb":
        return ".".join(str(part) for part in driver.version_info[:3])
    return driver.__version__


if __name__ == "__main__":
    main()
