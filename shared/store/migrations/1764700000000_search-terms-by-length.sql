-- Up Migration

-- A misspelt word's candidates are the vocabulary words within its typo allowance in length
-- (lookUpQueryTerms in query-terms.ts): read by length, a lookup computes edit distances for the words of
-- two or three lengths instead of the whole vocabulary (2.5 -> 1.7 ms for one word on PGlite at 10k
-- designers; the vocabulary grows with the data).
CREATE INDEX search_terms_length ON search_terms (length(term));

-- Down Migration

DROP INDEX search_terms_length;
