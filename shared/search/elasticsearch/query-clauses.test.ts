import { describe, expect, it } from 'vitest';
import { freeText, FUZZINESS, MATCH_TIER_BOOSTS, typoOptions, wordFilter } from './query-clauses.ts';
import { PLACE_BONUS_WORDS } from '../query-words.ts';

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

  it('a change of the first letter costs two edits: kept under one edit, the only edit under two', () => {
    expect(typoOptions('chef')).toEqual([{ fuzziness: 'AUTO:4,8', prefix_length: 1 }]);
    expect(typoOptions('patagonia')).toEqual([{ fuzziness: 'AUTO:4,8', prefix_length: 1 }, { fuzziness: 1, prefix_length: 0 }]);
    const fuzzy = (q: string) => [...JSON.stringify(freeText(q, fields)!.must).matchAll(/"fuzziness":("[^"]+"|\d),"prefix_length":(\d)/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(fuzzy('motion')).toEqual(['"AUTO:4,8"/1']);
    expect(fuzzy('vandenberghe')).toEqual(['"AUTO:4,8"/1', '1/0']);
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
                  { multi_match: { query: 'ana', fields, type: 'best_fields', fuzziness: 'AUTO:4,8', prefix_length: 1, max_expansions: 50, boost: MATCH_TIER_BOOSTS.fuzzy } },
                ],
              },
            },
            {
              dis_max: {
                queries: [
                  { multi_match: { query: 'mul', fields, type: 'best_fields', boost: MATCH_TIER_BOOSTS.exact } },
                  {
                    dis_max: {
                      queries: [
                        { constant_score: { filter: { match_phrase_prefix: { name: { query: 'mul', max_expansions: 50 } } }, boost: 3 * MATCH_TIER_BOOSTS.prefix } },
                        { constant_score: { filter: { match_phrase_prefix: { description: { query: 'mul', max_expansions: 50 } } }, boost: MATCH_TIER_BOOSTS.prefix } },
                      ],
                    },
                  },
                  { multi_match: { query: 'mul', fields, type: 'best_fields', fuzziness: 'AUTO:4,8', prefix_length: 1, max_expansions: 50, boost: MATCH_TIER_BOOSTS.fuzzy } },
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

  it('a tool the request names scores nothing in a company\'s name, which still matches; asked as an employer, it scores there', () => {
    const withCompanies = ['name^3', 'companies^2', 'description'];
    const perWord = (q: string) => JSON.stringify(freeText(q, withCompanies, undefined, { formFields: [], companyFields: ['companies'], toolFields: ['companies'] })!.must);
    expect(perWord('figma')).toContain('{"multi_match":{"query":"figma","fields":["companies"],"boost":0}}');
    expect(perWord('figma')).toContain('"fields":["name^3","description"]');
    expect(perWord('designers at figma')).not.toContain('"fields":["companies"],"boost":0}');
  });

  it('a word the vocabulary knows, as the start of a longer word in the name, earns less than the word exactly in any field', () => {
    const prefixBoosts = (q: string) => JSON.stringify(freeText(q, fields)!.must).match(/"match_phrase_prefix":\{"name".*?"boost":([\d.]+)/)?.[1];
    expect(Number(prefixBoosts('blender'))).toBe(3 * MATCH_TIER_BOOSTS.knownPrefix);
    expect(3 * MATCH_TIER_BOOSTS.knownPrefix).toBeLessThan(MATCH_TIER_BOOSTS.exact);
    expect(Number(prefixBoosts('zboncak'))).toBe(3 * MATCH_TIER_BOOSTS.prefix);
  });

  it('an earlier one-letter word is an initial: a prefix of a word of the first field (the name) alone', () => {
    const [initial] = (freeText('G. Boyer', fields)!.must[0] as { bool: { should: unknown[] } }).bool.should;
    expect(initial).toEqual({
      dis_max: {
        queries: [
          { multi_match: { query: 'g', fields, type: 'best_fields', boost: MATCH_TIER_BOOSTS.exact } },
          { dis_max: { queries: [{ constant_score: { filter: { match_phrase_prefix: { name: { query: 'g', max_expansions: 50 } } }, boost: 3 * MATCH_TIER_BOOSTS.prefix } }] } },
          { multi_match: { query: 'g', fields, type: 'best_fields', fuzziness: 'AUTO:4,8', prefix_length: 1, max_expansions: 50, boost: MATCH_TIER_BOOSTS.fuzzy } },
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

  it('adds exact (non-fuzzy) all-words and phrase matches to the score, each at the weight of the field holding it', () => {
    const clauses = freeText('Ana Mül', fields)!;
    expect(clauses.should).toEqual([
      // Every word in one field, at that field's weight: a name holding both outranks a description that does.
      {
        dis_max: {
          queries: [
            { multi_match: { query: 'ana mul', fields: ['name'], type: 'cross_fields', operator: 'and', boost: 3 } },
            { multi_match: { query: 'ana mul', fields: ['description'], type: 'cross_fields', operator: 'and', boost: 1 } },
            // The name holding both, the last word as the start of one (Ana Müller): that word at the prefix tier.
            { constant_score: { filter: { multi_match: { query: 'ana mul', fields: ['name'], type: 'bool_prefix', operator: 'and' } }, boost: 3 * (MATCH_TIER_BOOSTS.exact + MATCH_TIER_BOOSTS.prefix) } },
          ],
        },
      },
      // A phrase scores once: its boost counts both words, at the field's weight.
      {
        dis_max: {
          queries: [
            { multi_match: { query: 'ana mul', fields: ['name'], type: 'phrase', boost: 6 } },
            { multi_match: { query: 'ana mul', fields: ['description'], type: 'phrase', boost: 2 } },
            { constant_score: { filter: { multi_match: { query: 'ana mul', fields: ['name'], type: 'phrase_prefix', max_expansions: 50 } }, boost: 3 * (MATCH_TIER_BOOSTS.exact + MATCH_TIER_BOOSTS.prefix) } },
          ],
        },
      },
      // Every word in some field: a role in the titles and a place in the location ("brand designer in germany").
      { multi_match: { query: 'ana mul', fields, type: 'cross_fields', operator: 'and', boost: 0.25 } },
    ]);
    for (const clause of clauses.should) expect(JSON.stringify(clause)).not.toContain('fuzziness');
  });

  it('fields of one weight count as one field for the all-words match (a title and its company)', () => {
    const clauses = freeText('lead designer canva', ['name^3', 'titles^2', 'companies^2', 'description'])!;
    expect(clauses.should[0]).toEqual({
      dis_max: {
        queries: [
          { multi_match: { query: 'lead designer canva', fields: ['name'], type: 'cross_fields', operator: 'and', boost: 3 } },
          { multi_match: { query: 'lead designer canva', fields: ['titles', 'companies'], type: 'cross_fields', operator: 'and', boost: 2 } },
          { multi_match: { query: 'lead designer canva', fields: ['description'], type: 'cross_fields', operator: 'and', boost: 1 } },
          { constant_score: { filter: { multi_match: { query: 'lead designer canva', fields: ['name'], type: 'bool_prefix', operator: 'and' } }, boost: 3 * (2 * MATCH_TIER_BOOSTS.exact + MATCH_TIER_BOOSTS.prefix) } },
        ],
      },
    });
  });

  it('the all-words and phrase matches leave out the alternatives of an "or" list, which no one need hold together', () => {
    const texts = (q: string) => JSON.stringify(freeText(q, ['name^3', 'titles^2', 'description'])!.should).match(/"query":"[^"]*"/g) ?? [];
    // "ux" and "ui" are never asked together, nor is "designer" alone, nor a start of a name.
    expect(texts('ux or ui designer').filter((t) => t.includes(' '))).toEqual([]);
    expect(JSON.stringify(freeText('ux or ui designer', ['name^3', 'titles^2'])!.should)).not.toContain('bool_prefix');
    // Two words outside the list are asked together, without the list.
    const listed = texts('brand designer in berlin or london');
    expect(listed).toContain('"query":"brand designer"');
    expect(listed.filter((t) => t.includes('berlin') && t.includes('london'))).toEqual([]);
  });

  it('a place of the world typed alone is asked of the best-weighted fields only: elsewhere it says where, not whom for', () => {
    const clauses = freeText('motion designer berlin', ['name^3', 'titles^2', 'companies^2', 'description'])!;
    const [oneField, phrase] = clauses.should as { dis_max: { queries: { multi_match: { query: string; fields: string[]; boost: number } }[] } }[];
    const exact = (clause: typeof oneField) => clause!.dis_max.queries.filter((q) => 'multi_match' in q);
    expect(exact(oneField).map((q) => [q.multi_match.fields, q.multi_match.query, q.multi_match.boost])).toEqual([
      [['name'], 'motion designer berlin', 3],
      [['titles', 'companies'], 'motion designer', 2],
      [['description'], 'motion designer', 1],
    ]);
    // A phrase's boost counts the words it asks.
    expect(exact(phrase).map((q) => q.multi_match.boost)).toEqual([9, 4, 2]);
    // A place that is part of an employer's name as typed is asked everywhere.
    const times = freeText('lead designer new york times', ['name^3', 'titles^2', 'companies^2', 'description'])!;
    expect(JSON.stringify(times.should[0])).not.toContain('"query":"lead designer"');
  });

  it('a synonym of the whole query and the words typed earn the larger of their bonuses, not both', () => {
    const clauses = freeText('art director', ['titles^2', 'description'], undefined, { formFields: ['forms.titles^2', 'forms.description'] })!;
    // One dis_max: the words typed (all words in one field, and the phrase, summed) against each synonym phrase.
    const [bonus] = clauses.should as { dis_max: { queries: { bool?: { should: unknown[] } }[] } }[];
    const [typed, ...synonyms] = bonus!.dis_max.queries;
    expect(typed!.bool!.should).toHaveLength(2);
    expect(JSON.stringify(typed)).toContain('"query":"art director"');
    expect(synonyms.length).toBeGreaterThan(0);
    expect(JSON.stringify(synonyms)).toMatch(/"query":"creativ\w* director","fields":\["forms.titles"\],"type":"phrase","boost":4/);
  });

  it('what a title in another language means matches at the form tier, its equivalents at the synonym tier', () => {
    const clauses = freeText('diseñadora gráfica', ['titles^2', 'description'], undefined, { formFields: ['forms.titles^2', 'forms.description'] })!;
    const text = JSON.stringify(clauses.must);
    const phrase = (query: string, boost: number) => JSON.stringify({ multi_match: { query, fields: ['forms.titles^2', 'forms.description'], type: 'phrase', boost } });
    expect(text).toContain(phrase('graphic design', MATCH_TIER_BOOSTS.form));
    expect(text).not.toContain(phrase('graphic design', MATCH_TIER_BOOSTS.synonym));
    expect(text).toContain(phrase('visual design', MATCH_TIER_BOOSTS.synonym));
    // In English, both are synonyms of the words typed.
    const english = JSON.stringify(freeText('graphic artist', ['titles^2', 'description'], undefined, { formFields: ['forms.titles^2', 'forms.description'] })!.must);
    expect(english).toContain(phrase('graphic design', MATCH_TIER_BOOSTS.synonym));
  });

  it('the words typed in another form, as a phrase of their stems, earn what a synonym phrase earns', () => {
    const clauses = freeText('production designers', ['titles^2', 'description'], undefined, { formFields: ['forms.titles^2', 'forms.description'] })!;
    const [bonus] = clauses.should as { dis_max: { queries: unknown[] } }[];
    expect(JSON.stringify(bonus)).toMatch(/"query":"production design","fields":\["forms.titles"\],"type":"phrase","boost":4/);
    expect(JSON.stringify(freeText('production designers', ['titles^2', 'description'])!.should)).not.toContain('production design"');
  });

  it('engine-specific bonuses receive the content words', () => {
    const clauses = freeText('a designer at acme', fields, ({ words }) => [{ term: { x: words.join('+') } }])!;
    expect(clauses.should.at(-1)).toEqual({ term: { x: 'designer+acme' } });
  });

  it('a place the request names earns PLACE_BONUS_WORDS exact words of the best field where the record is, in a place field only', () => {
    const clauses = freeText('brand designer in new york', fields, undefined, { formFields: [], placeFields: ['location'] })!;
    const place = clauses.should.filter((q) => q !== undefined && 'constant_score' in q);
    // The best field is the name (^3): an exact word there is 1 x 3.
    expect(place).toEqual([{ constant_score: { filter: { match_phrase: { location: 'new york' } }, boost: PLACE_BONUS_WORDS * 3 } }]);
    // Without place fields, or without a place in the request, no bonus.
    expect(freeText('brand designer in new york', fields)!.should.some((q) => q !== undefined && 'constant_score' in q)).toBe(false);
    expect(freeText('brand designer', fields, undefined, { formFields: [], placeFields: ['location'] })!.should.some((q) => q !== undefined && 'constant_score' in q)).toBe(false);
  });

  it('a place introduced as one ("in Ulaanbaatar") must match beside the words\' minimum, as any word matches, scoring nothing', () => {
    const clauses = freeText('brand designer in ulaanbaatar', fields)!;
    expect(clauses.must).toHaveLength(1);
    expect(clauses.filter).toHaveLength(1);
    const [place] = clauses.filter;
    expect(JSON.stringify(place)).toContain('"query":"ulaanbaatar"');
    expect(JSON.stringify(place)).not.toMatch(/"query":"(brand|designer)"/);
    // "from" may name an employer: no place is required.
    expect(freeText('brand designer from google', fields)!.filter).toHaveLength(0);
  });

  it('a place word that is no word of the vocabulary must be in a place field, in a filter that scores nothing', () => {
    const withPlaces = (q: string) => freeText(q, fields, undefined, { formFields: [], placeFields: ['location'] })!;
    const { must, filter } = withPlaces('brand designer in ulaanbaatar');
    expect(filter).toHaveLength(1);
    const json = JSON.stringify(filter);
    expect(json).toContain('"fields":["location"]');
    expect(json).toContain('"query":"ulaanbaatar"');
    expect(json).not.toContain('name^3');
    // "in fintech" names the work: a word a match may miss, as any other, not a filter.
    expect(withPlaces('designer with experience in fintech').filter).toEqual([]);
    expect(withPlaces('produktdesignerin in münchen mit erfahrung in fintech').filter).toHaveLength(1);
    // The place scores where the record is, alone, where the fields hold it: a company or a bio that names it
    // earns nothing more.
    const placed = (q: string, within: string[]) => JSON.stringify(freeText(q, within, undefined, { formFields: [], placeFields: ['location'] })!.must);
    const words = placed('brand designer in ulaanbaatar', [...fields, 'location^0.5']);
    expect(/\{"multi_match":\{"query":"ulaanbaatar","fields":\[([^\]]*)\]/.exec(words)?.[1]).toBe('"location^0.5"');
    expect(words).toContain('{"multi_match":{"query":"brand","fields":["name^3","description","location^0.5"]');
    expect(JSON.stringify(must)).toContain('{"multi_match":{"query":"ulaanbaatar","fields":["name^3","description"]');
  });

  it('an employer the request names must be in a company or place field, in a filter that scores nothing', () => {
    const withEmployers = (q: string) => freeText(q, fields, undefined, { formFields: [], placeFields: ['location'], companyFields: ['companies'] })!;
    const { must, should, filter } = withEmployers('motion designer at deutsche bahn');
    expect(must).toEqual(freeText('motion designer at deutsche bahn', fields)!.must);
    expect(should).toEqual(freeText('motion designer at deutsche bahn', fields, undefined, { formFields: [], placeFields: ['location'] })!.should);
    expect(filter).toHaveLength(2);
    for (const [k, word] of ['deutsche', 'bahn'].entries()) {
      const json = JSON.stringify(filter[k]);
      expect(json).toContain(`"query":"${word}"`);
      expect(json).toContain('"fields":["companies","location"]');
      expect(json).not.toContain('name^3');
    }
    // A kind of employer, or words the vocabulary holds, ask nothing of the company.
    expect(withEmployers('designers at fintech startups').filter).toEqual([]);
    expect(withEmployers('designer at a large company').filter).toEqual([]);
    // Without company fields, nothing is required.
    expect(freeText('motion designer at deutsche bahn', fields, undefined, { formFields: [], placeFields: ['location'] })!.filter).toEqual([]);
  });

  it('an "or" list of employers earns one exact word of the best field where a company or place field holds one alternative; it requires nothing', () => {
    const options = { formFields: [], placeFields: ['location'], companyFields: ['companies'] };
    const q = 'art director who has worked at ikea or pineapple studio';
    const clauses = freeText(q, fields, undefined, options)!;
    expect(clauses.filter).toEqual([]);
    const list = clauses.should.find((c) => JSON.stringify(c).startsWith('{"constant_score"') && JSON.stringify(c).includes('"query":"pineapple"')) as { constant_score: { boost: number; filter: { bool: { should: unknown[]; minimum_should_match: number } } } };
    expect(list.constant_score.boost).toBe(3);
    expect(list.constant_score.filter.bool.minimum_should_match).toBe(1);
    // One alternative each, by its naming words: "studio" is a word of the vocabulary (studio director), but
    // after "pineapple" it is the rest of the name.
    expect(list.constant_score.filter.bool.should).toHaveLength(2);
    expect(JSON.stringify(list.constant_score.filter.bool.should[1])).toContain('"query":"studio"');
    const kind = freeText('art director who has worked at ikea or design studios', fields, undefined, options)!;
    expect(JSON.stringify(kind.should)).not.toContain('"query":"studios"');
    expect(JSON.stringify(list)).toContain('"fields":["companies","location"]');
    // Kinds of employer earn nothing of the company; without company fields, nothing either.
    const listBonuses = (clauses: ReturnType<typeof freeText>) => clauses!.should.filter((c) => JSON.stringify(c).startsWith('{"constant_score"'));
    expect(listBonuses(freeText('designers at agencies or fintech startups', fields, undefined, options))).toEqual([]);
    expect(listBonuses(freeText(q, fields))).toEqual([]);
  });

  it('a name the request writes is held, scoring nothing: two words or more in the naming fields, one word anywhere', () => {
    const withNaming = (q: string) => freeText(q, fields, undefined, { formFields: [], namingFields: ['name'] })!;
    const { must, should, filter } = withNaming('designers Blue Bottle Coffee');
    expect(must).toEqual(freeText('designers blue bottle coffee', fields)!.must);
    expect(should).toEqual(freeText('designers blue bottle coffee', fields)!.should);
    expect(filter).toHaveLength(3);
    for (const [k, word] of ['blue', 'bottle', 'coffee'].entries()) {
      const json = JSON.stringify(filter[k]);
      expect(json).toContain(`"query":"${word}"`);
      expect(json).toContain('"fields":["name^3"]');
      expect(json).not.toContain('description');
    }
    // One word: held anywhere, as any word matches ("brand designer Kowalczyk", a tool a bio names).
    const [one] = withNaming('brand designer Kowalczyk').filter;
    const [minimum] = freeText('brand designer kowalczyk', fields)!.must as { bool: { should: unknown[] } }[];
    expect(one).toEqual(minimum!.bool.should[2]);
    // A place of the world, however written, in the naming fields.
    for (const q of ['brand designer Ulaanbaatar', 'brand designers ulaanbaatar']) {
      const [place, ...rest] = withNaming(q).filter;
      expect(rest).toEqual([]);
      expect(JSON.stringify(place)).toContain('"query":"ulaanbaatar"');
      expect(JSON.stringify(place)).toContain('"fields":["name^3"]');
    }
    // Lower case, or words of the vocabulary, hold nothing.
    expect(withNaming('designers blue bottle coffee').filter).toEqual([]);
    expect(withNaming('motion designer who knows Figma').filter).toEqual([]);
  });

  it("a place's name is held within a typo only in the name field; another name within a typo in every naming field", () => {
    const naming = ['name^3', 'company^2', 'description'];
    const withNaming = (q: string) => freeText(q, naming, undefined, { formFields: [], namingFields: ['name', 'company'] })!;
    const fuzzyFields = (clause: unknown) =>
      [...JSON.stringify(clause).matchAll(/"multi_match":\{"query":"\w+","fields":(\[[^\]]*\]),"type":"best_fields","fuzziness"/g)].map((m) => JSON.parse(m[1]!) as string[]);
    const [kyoto] = withNaming('brand designers Kyoto').filter;
    expect(JSON.stringify(kyoto)).toContain('"query":"kyoto"');
    // Exactly in a company ("Kyoto Animation"), within a typo only in the name: Koto is no typo of Kyoto there.
    expect(JSON.stringify(kyoto)).toContain('"fields":["name^3","company^2"],"type":"best_fields","boost"');
    expect(fuzzyFields(kyoto)).toEqual([['name^3']]);
    const bahn = withNaming('Deutsche Bahn motion designer').filter;
    expect(bahn).toHaveLength(2);
    for (const word of bahn) {
      expect(fuzzyFields(word).length).toBeGreaterThan(0);
      for (const fields of fuzzyFields(word)) expect(fields).toEqual(['name^3', 'company^2']);
    }
  });

  it('a typo of a word of two edits is never the word cut short by two letters ("vandenberg" for "vandenberghe")', () => {
    const json = JSON.stringify(freeText('priya vandenberghe', fields)!.must);
    expect(json).toContain('"must_not":[{"multi_match":{"query":"vandenberg","fields":["name","description"]}}]');
    // Four to seven letters: one edit, nothing cut short.
    expect(JSON.stringify(freeText('priya vandenb', fields)!.must)).not.toContain('must_not');
  });

  it('a single word is also the last word', () => {
    const clauses = freeText('kofi', fields)!;
    expect(clauses.must).toHaveLength(1);
    expect(JSON.stringify(clauses.must[0])).toContain('match_phrase_prefix');
  });

  it('is null when q holds no word', () => {
    expect(freeText('  ', fields)).toBeNull();
    expect(freeText('(),.', fields)).toBeNull();
  });
});

describe('freeText: words spelled right', () => {
  it('a word of a concept the synonym list knows has no typo tier; a word it does not know keeps it', () => {
    const fuzzyWords = (q: string) =>
      [...JSON.stringify(freeText(q, ['name^3', 'description'])!.must).matchAll(/"query":"(\w+)","fields":\[[^\]]*\],"type":"best_fields","fuzziness"/g)].map((m) => m[1]);
    expect(fuzzyWords('ux writer')).toEqual([]);
    expect(fuzzyWords('ux wrtier')).toEqual(['wrtier']);
    expect(fuzzyWords('animator')).toEqual([]);
    expect(fuzzyWords('aviator')).toEqual(['aviator']);
  });
});
