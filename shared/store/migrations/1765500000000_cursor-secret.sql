-- Up Migration

-- The key that signs cursors when CURSOR_SECRET is unset (cursor-secret.repository.ts): kept in the store,
-- so that every API replica on one database, and every restart, signs and checks with the same one. One
-- row at most; the first start writes it, starts that race agree on the row that was inserted first.
CREATE TABLE IF NOT EXISTS cursor_secret (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  secret    bytea   NOT NULL CHECK (octet_length(secret) = 32)
);

-- Down Migration

DROP TABLE cursor_secret;
