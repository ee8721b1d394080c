-- Up Migration

-- The Postgres search backend. Folding and tokenising happen in the application (shared/text/fold.ts),
-- exactly as for Elasticsearch, so the search text is computed there and stored here as tsvectors. It
-- lives beside the entity tables rather than in them: writing it must not bump a row's version or add
-- an outbox row, and source_version tells exactly which rows changed since their text was computed.

-- Typo tolerance: levenshtein_less_equal narrows the vocabulary to candidates (a trusted extension,
-- also bundled with PGlite).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

CREATE TABLE designer_search (
  designer_id    text PRIMARY KEY REFERENCES designers (id) ON DELETE CASCADE,
  -- designers.version when this text was computed; a different value means it is stale.
  source_version bigint NOT NULL,
  -- name (weight A), role titles (B), companies (C), description (D); values kept apart by position gaps.
  text_tsv       tsvector NOT NULL,
  location_tsv   tsvector NOT NULL,
  -- every company, current and previous, each at its own positions so a phrase never spans two.
  company_tsv    tsvector NOT NULL
);
CREATE INDEX designer_search_text ON designer_search USING gin (text_tsv);
CREATE INDEX designer_search_location ON designer_search USING gin (location_tsv);
CREATE INDEX designer_search_company ON designer_search USING gin (company_tsv);

CREATE TABLE open_role_search (
  open_role_id   text PRIMARY KEY REFERENCES open_roles (id) ON DELETE CASCADE,
  source_version bigint NOT NULL,
  -- title (A), company (B), description (D).
  text_tsv       tsvector NOT NULL,
  location_tsv   tsvector NOT NULL,
  company_tsv    tsvector NOT NULL
);
CREATE INDEX open_role_search_text ON open_role_search USING gin (text_tsv);
CREATE INDEX open_role_search_location ON open_role_search USING gin (location_tsv);
CREATE INDEX open_role_search_company ON open_role_search USING gin (company_tsv);

-- Every folded word of the free-text fields: where a misspelt query word finds its candidates. Words are
-- never removed; a word no row holds any more only expands a query to nothing.
CREATE TABLE search_terms (
  term text PRIMARY KEY
);

-- The listed set and its default order (newest first), and the open-role order.
CREATE INDEX designers_listed_order ON designers (created_at DESC, id) WHERE status = 'published' AND opted_in;
CREATE INDEX open_roles_listed_order ON open_roles (posted_at DESC, id) WHERE status = 'published';

-- Down Migration

DROP INDEX open_roles_listed_order;
DROP INDEX designers_listed_order;
DROP TABLE search_terms;
DROP TABLE open_role_search;
DROP TABLE designer_search;
