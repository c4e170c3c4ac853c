-- Seed data of database db2 on data host host2 (bin/tessera demo): the tables of data node dn2.
CREATE TABLE goods (
    id         INT PRIMARY KEY,
    company_id INT NOT NULL,
    name       VARCHAR(64) NOT NULL,
    price      DECIMAL(10, 2) NOT NULL,
    stock      INT NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

INSERT INTO goods (id, company_id, name, price, stock) VALUES
    (1, 1, 'Claw hammer', 19.90, 120),
    (2, 1, 'Spirit level', 34.50, 45),
    (3, 2, 'Smoked salmon 200 g', 8.75, 300),
    (4, 3, 'Granite tile', 42.00, 80),
    (5, 4, 'Wool scarf', 29.00, 64);

CREATE TABLE orders (
    id         BIGINT PRIMARY KEY,
    company_id INT NOT NULL,
    total      DECIMAL(10, 2) NOT NULL,
    currency   CHAR(3) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- orders with odd ids: PartitionByMod (count 2) places them on this node
INSERT INTO orders (id, company_id, total, currency) VALUES
    (1, 2, 107.50, 'NOK'),
    (3, 4, 121.50, 'EUR'),
    (5, 2, 135.50, 'GBP'),
    (7, 4, 149.50, 'NOK'),
    (9, 2, 163.50, 'EUR'),
    (11, 4, 177.50, 'GBP'),
    (13, 2, 191.50, 'NOK'),
    (15, 4, 205.50, 'EUR'),
    (17, 2, 219.50, 'GBP'),
    (19, 4, 233.50, 'NOK');

CREATE TABLE currency (
    code CHAR(3) PRIMARY KEY,
    name VARCHAR(32) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

INSERT INTO currency (code, name) VALUES ('EUR', 'Euro'), ('NOK', 'Norwegian krone'), ('GBP', 'Pound sterling');
