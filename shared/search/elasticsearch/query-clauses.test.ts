import { describe, expect, it } from 'vitest';
import { freeText, FUZZINESS, wordPrefixPhrase } from './query-clauses.ts';

describe('wordPrefixPhrase', () => {
  it('one word becomes a prefix query on the folded word', () => {
    expect(wordPrefixPhrase('location', 'US')).toEqual({ prefix: { location: { value: 'us' } } });
    expect(wordPrefixPhrase('location', 'Zürich')).toEqual({ prefix: { location: { value: 'zurich' } } });
  });

  it('several words become an ordered, adjacent span of word prefixes', () => {
    expect(wordPrefixPhrase('companies', 'Globex  Corp.')).toEqual({
      span_near: {
        clauses: [
          { span_multi: { match: { prefix: { companies: { value: 'globex' } } } } },
          { span_multi: { match: { prefix: { companies: { value: 'corp' } } } } },
        ],
        slop: 0,
        in_order: true,
      },
    });
  });

  it('splits on punctuation the way documents are split: "Remote (US)" is two words', () => {
    const query = wordPrefixPhrase('location', 'Remote (US)') as { span_near: { clauses: unknown[] } };
    expect(query.span_near.clauses).toHaveLength(2);
  });

  it('is null when the value holds no word', () => {
    expect(wordPrefixPhrase('location', ' ,;() ')).toBeNull();
    expect(wordPrefixPhrase('location', '')).toBeNull();
  });
});

describe('freeText', () => {
  const fields = ['name^3', 'description'];

  it('uses typo tolerance of none under 4 letters, 1 edit from 4, 2 from 8', () => {
    expect(FUZZINESS).toBe('AUTO:4,8');
  });

  it('requires every word, fuzzily; only the last word may also match as a prefix', () => {
    const clauses = freeText('Ana Mül', fields)!;
    expect(clauses.must).toEqual([
      {
        bool: {
          should: [{ multi_match: { query: 'ana', fields, type: 'best_fields', fuzziness: 'AUTO:4,8' } }],
          minimum_should_match: 1,
        },
      },
      {
        bool: {
          should: [
            { multi_match: { query: 'mul', fields, type: 'best_fields', fuzziness: 'AUTO:4,8' } },
            { multi_match: { query: 'mul', fields, type: 'phrase_prefix' } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
  });

  it('adds exact (non-fuzzy) all-words and phrase matches to the score, so exact ranks above fuzzy', () => {
    const clauses = freeText('Ana Mül', fields)!;
    expect(clauses.should).toEqual([
      { multi_match: { query: 'ana mul', fields, type: 'best_fields', operator: 'and', boost: 2 } },
      { multi_match: { query: 'ana mul', fields, type: 'phrase', boost: 2 } },
    ]);
    for (const clause of clauses.should) expect(JSON.stringify(clause)).not.toContain('fuzziness');
  });

  it('a single word is also the last word', () => {
    const clauses = freeText('kofi', fields)!;
    expect(clauses.must).toHaveLength(1);
    expect(JSON.stringify(clauses.must[0])).toContain('phrase_prefix');
  });

  it('is null when q holds no word', () => {
    expect(freeText('  ', fields)).toBeNull();
    expect(freeText('(),.', fields)).toBeNull();
  });
});
