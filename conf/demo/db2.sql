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
