-- Up Migration

-- Synonym rules curators add without a release (`designer-directory synonyms add`), in the normal text of
-- synonymRuleSchema (shared/text/synonym-rule.schema.ts). Both engines read them at query time, beside the
-- curated list, so adding or removing one needs no reindex.
CREATE TABLE IF NOT EXISTS search_synonyms (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rule text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration

DROP TABLE search_synonyms;
