-- Seed data of database db1 on data host host1 (bin/tessera demo): the tables of data node dn1.
CREATE TABLE company (
    id      INT PRIMARY KEY,
    name    VARCHAR(64) NOT NULL,
    city    VARCHAR(64) NOT NULL,
    founded DATE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

INSERT INTO company (id, name, city, founded) VALUES
    (1, 'Acme Tools', 'Lyon', '1998-04-01'),
    (2, 'Borealis Foods', 'Oslo', '2004-09-15'),
    (3, 'Cedar & Stone', 'Porto', '2011-01-20'),
    (4, 'Dunmore Textiles', 'Leeds', '1987-06-30');
