import { describe, expect, it } from 'vitest';
import { freeText, FUZZINESS, MATCH_TIER_BOOSTS, wordFilter } from './query-clauses.ts';

describe('wordFilter', () => {
  it('one word becomes a prefix query on the folded word', () => {
    expect(wordFilter('location', 'location', 'Zürich')).toEqual({ prefix: { location: { value: 'zurich' } } });
    expect(wordFilter('location', 'location', '東京')).toEqual({ prefix: { location: { value: '東京' } } });
  });

  it('a location code matches the names it stands for, as whole words: any one of them', () => {
    expect(wordFilter('location', 'location', 'DE')).toEqual({ term: { location: 'germany' } });
    expect(wordFilter('location', 'location', 'us')).toEqual({ term: { location: 'usa' } });
    expect(wordFilter('location', 'location', 'SF')).toEqual({
      span_near: { clauses: [{ span_term: { location: 'san' } }, { span_term: { location: 'francisco' } }], slop: 0, in_order: true },
    });
    const la = wordFilter('location', 'location', 'LA') as { bool: { should: unknown[]; minimum_should_match: number } };
    expect(la.bool.minimum_should_match).toBe(1);
    expect(la.bool.should).toHaveLength(2);
    expect(la.bool.should).toContainEqual({
      span_near: { clauses: [{ span_term: { location: 'los' } }, { span_term: { location: 'angeles' } }], slop: 0, in_order: true },
    });
  });

  it('a code that stands for no place, and a company code, is the whole word itself', () => {
    expect(wordFilter('location', 'location', 'QX')).toEqual({ term: { location: 'qx' } });
    expect(wordFilter('company', 'companies', 'DE')).toEqual({ term: { companies: 'de' } });
  });

  it('several words become an ordered, adjacent span of word prefixes', () => {
    expect(wordFilter('company', 'companies', 'Globex  Corp.')).toEqual({
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
    const query = wordFilter('location', 'location', 'Remote (US)') as { span_near: { clauses: unknown[] } };
    expect(query.span_near.clauses).toHaveLength(2);
  });

  it('is null when the value holds no word', () => {
    expect(wordFilter('location', 'location', ' ,;() ')).toBeNull();
    expect(wordFilter('location', 'location', '')).toBeNull();
  });
});

describe('freeText', () => {
  const fields = ['name^3', 'description'];

  it('uses typo tolerance of none under 4 letters, 1 edit from 4, 2 from 8', () => {
    expect(FUZZINESS).toBe('AUTO:4,8');
  });

  it('per word, the best of exact, prefix (last word only) and fuzzy, in that order of weight', () => {
    const clauses = freeText('Ana Mül', fields)!;
    expect(clauses.must).toEqual([
      {
        bool: {
          should: [
            {
              dis_max: {
                queries: [
                  { multi_match: { query: 'ana', fields, type: 'best_fields', boost: MATCH_TIER_BOOSTS.exact } },
                  { multi_match: { query: 'ana', fields, type: 'best_fields', fuzziness: 'AUTO:4,8', max_expansions: 50, boost: MATCH_TIER_BOOSTS.fuzzy } },
                ],
              },
            },
            {
              dis_max: {
                queries: [
                  { multi_match: { query: 'mul', fields, type: 'best_fields', boost: MATCH_TIER_BOOSTS.exact } },
                  { multi_match: { query: 'mul', fields, type: 'phrase_prefix', max_expansions: 50, boost: MATCH_TIER_BOOSTS.prefix } },
                  { multi_match: { query: 'mul', fields, type: 'best_fields', fuzziness: 'AUTO:4,8', max_expansions: 50, boost: MATCH_TIER_BOOSTS.fuzzy } },
                ],
              },
            },
          ],
          minimum_should_match: 2,
        },
      },
    ]);
    expect(MATCH_TIER_BOOSTS.exact).toBeGreaterThan(MATCH_TIER_BOOSTS.prefix);
    expect(MATCH_TIER_BOOSTS.prefix).toBeGreaterThan(MATCH_TIER_BOOSTS.fuzzy * 3);
  });

  it('an earlier one-letter word is an initial: a prefix of a word of the first field (the name) alone', () => {
    const [initial] = (freeText('G. Boyer', fields)!.must[0] as { bool: { should: unknown[] } }).bool.should;
    expect(initial).toEqual({
      dis_max: {
        queries: [
          { multi_match: { query: 'g', fields, type: 'best_fields', boost: MATCH_TIER_BOOSTS.exact } },
          { multi_match: { query: 'g', fields: fields.slice(0, 1), type: 'phrase_prefix', max_expansions: 50, boost: MATCH_TIER_BOOSTS.prefix } },
          { multi_match: { query: 'g', fields, type: 'best_fields', fuzziness: 'AUTO:4,8', max_expansions: 50, boost: MATCH_TIER_BOOSTS.fuzzy } },
        ],
      },
    });
  });

  it('filler words need not match; from three content words one may be missing', () => {
    const clauses = freeText('find me a brand designer who worked at Spotify', fields)!;
    const words = clauses.must[0] as { bool: { should: unknown[]; minimum_should_match: number } };
    expect(words.bool.should).toHaveLength(3);
    expect(words.bool.minimum_should_match).toBe(2);
    expect(JSON.stringify(clauses.should)).toContain('"brand designer spotify"');
  });

  it('adds exact (non-fuzzy) all-words and phrase matches to the score, so exact ranks above fuzzy', () => {
    const clauses = freeText('Ana Mül', fields)!;
    expect(clauses.should).toEqual([
      { multi_match: { query: 'ana mul', fields, type: 'best_fields', operator: 'and', boost: 2 } },
      // Every word in some field: a role in the titles and a place in the location ("brand designer in germany").
      { multi_match: { query: 'ana mul', fields, type: 'cross_fields', operator: 'and', boost: 0.25 } },
      { multi_match: { query: 'ana mul', fields, type: 'phrase', boost: 2 } },
    ]);
    for (const clause of clauses.should) expect(JSON.stringify(clause)).not.toContain('fuzziness');
  });

  it('engine-specific bonuses receive the content words', () => {
    const clauses = freeText('a designer at acme', fields, ({ words }) => [{ term: { x: words.join('+') } }])!;
    expect(clauses.should.at(-1)).toEqual({ term: { x: 'designer+acme' } });
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
