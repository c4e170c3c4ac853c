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

CREATE TABLE orders (
    id         BIGINT PRIMARY KEY,
    company_id INT NOT NULL,
    total      DECIMAL(10, 2) NOT NULL,
    currency   CHAR(3) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- orders with even ids: PartitionByMod (count 2) places them on this node
INSERT INTO orders (id, company_id, total, currency) VALUES
    (2, 3, 114.50, 'GBP'),
    (4, 1, 128.50, 'NOK'),
    (6, 3, 142.50, 'EUR'),
    (8, 1, 156.50, 'GBP'),
    (10, 3, 170.50, 'NOK'),
    (12, 1, 184.50, 'EUR'),
    (14, 3, 198.50, 'GBP'),
    (16, 1, 212.50, 'NOK'),
    (18, 3, 226.50, 'EUR'),
    (20, 1, 240.50, 'GBP');

CREATE TABLE currency (
    code CHAR(3) PRIMARY KEY,
    name VARCHAR(32) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

INSERT INTO currency (code, name) VALUES ('EUR', 'Euro'), ('NOK', 'Norwegian krone'), ('GBP', 'Pound sterling');
