-- plain is sharded by id mod 2 over dn1 and dn2 (it/conf/sequences); notes is not in schema.xml: the default node.
CREATE TABLE plain (id BIGINT PRIMARY KEY, name VARCHAR(40));
CREATE TABLE notes (id BIGINT PRIMARY KEY, body VARCHAR(80));
