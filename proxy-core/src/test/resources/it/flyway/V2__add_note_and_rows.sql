ALTER TABLE plain ADD COLUMN note VARCHAR(40);
INSERT INTO plain (id, name, note) VALUES (1, 'one', 'odd'), (2, 'two', 'even');
INSERT INTO notes (id, body) VALUES (1, 'default node');
