-- Up Migration

-- Type-ahead on the Postgres engine: each designer's distinct words by kind (name, title, company, place),
-- folded in the application as for Elasticsearch (suggest.rules.ts) and written with the rest of its search
-- text. A completion is a prefix range read of the index; joined to designer_search.listed, only listed
-- designers count. Binary collation, so the range and the order are those of Elasticsearch's keywords.
CREATE TABLE IF NOT EXISTS designer_suggest_words (
  designer_id text NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('name', 'title', 'company', 'place')),
  word        text COLLATE "C" NOT NULL,
  PRIMARY KEY (designer_id, kind, word)
);
CREATE INDEX IF NOT EXISTS designer_suggest_words_word ON designer_suggest_words (word, kind, designer_id);

-- The words are computed with the search text: mark it stale, so the next refresh (at start-up and by
-- `designer-directory migrate`) writes them for every row.
UPDATE designer_search SET source_version = -1;

-- Down Migration

DROP TABLE designer_suggest_words;
