import { describe, expect, it } from 'vitest';
import { DesignerSearchQuerySchema, type DesignerFilters } from '../../domain/designer-search.schema.ts';
import { filtersFromQueryString } from '../../domain/search-params.test-support.ts';
import {
  buildDesignerQuery,
  buildDesignerSearchRequest,
  buildFactRequests,
  conceptRoleBonus,
  craftHolders,
  currentHolders,
  designerSort,
  DESIGNER_TEXT_FIELDS,
  pastRoleBonus,
  ROLE_BOOSTS,
  exactEmployerBonus,
  exactRolePoints,
  roleFirstBonus,
  roleHolding,
  sameRoleBonus,
} from './designer-query.translator.ts';
import { freeText, wordFilter } from './query-clauses.ts';
import { EXACT_EMPLOYER_WORDS, PAST_ROLE_AFTER_ROLE_WORDS, PAST_ROLE_BONUS_WORDS, ROLE_FIRST_WORDS, understandQuery } from '../query-words.ts';
import { askedRole, conceptSpans, exactEmployers, heldCraft, heldRole } from '../query-synonyms.ts';
import { wordForm } from '../../text/word-forms.ts';
import { PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS } from '../query-preferences.ts';

type Bool = { bool: { filter: unknown[]; must?: unknown[]; should?: unknown[]; must_not?: unknown[] } };
const bool = (filters: DesignerFilters) => (buildDesignerQuery(filters) as Bool).bool;

/** Filters as the REST route produces them from a query string. */
const fromQueryString = (qs: string): DesignerFilters => filtersFromQueryString(DesignerSearchQuerySchema, qs);

describe('buildDesignerQuery', () => {
  it('q: a role\'s phrase after a word that may start an employer\'s name is also a role that is the head there', () => {
    // "riot games designers": a Game Designer, or one role with "design" in its title at "… Riot Games …".
    const filters = JSON.stringify((buildDesignerQuery({ q: 'riot games designers' }) as { bool: { filter: unknown[] } }).bool.filter);
    expect(filters).toContain('{"nested":{"path":"roles","query":{"bool":{"filter":[{"term":{"roles.forms":"design"}},{"match":{"roles.text":{"query":"riot games","operator":"and"}}}]}}}}');
  });

  it('leaves out what the request excludes, as the word filters name it in whole words, and reads the rest as the request', () => {
    const excluded = bool({ q: 'brand designers not in london, not at meta' });
    expect(excluded.must_not).toEqual([{ term: { location: 'london' } }, { term: { companies: 'meta' } }]);
    expect(bool({ q: 'brand designers not in london, not at meta' }).must).toEqual(bool({ q: 'brand designers , ,' }).must);
    // Either: the place and the employer alike.
    expect(bool({ q: 'illustrators excluding new york' }).must_not).toEqual([
      { span_near: { clauses: [{ span_term: { location: 'new' } }, { span_term: { location: 'york' } }], slop: 0, in_order: true } },
      { span_near: { clauses: [{ span_term: { companies: 'new' } }, { span_term: { companies: 'york' } }], slop: 0, in_order: true } },
    ]);
    expect(bool({ q: 'brand designers in london' }).must_not).toBeUndefined();
  });

  it('leaves out a seniority the request excludes as the current title holds it, typed or by a synonym', () => {
    const [juniors] = bool({ q: 'product designers, no juniors' }).must_not as { nested: { path: string; query: { bool: { filter: unknown[] } } } }[];
    expect(juniors!.nested.path).toBe('roles');
    const held = JSON.stringify(juniors!.nested.query.bool.filter);
    expect(held).toContain('{"term":{"roles.current":true}}');
    for (const phrase of ['junior', 'jr', 'entri level', 'associ']) expect(held).toContain(`{"match_phrase":{"roles.forms":"${phrase}"}}`);
    expect(bool({ q: 'product designers, no juniors' }).must).toEqual(bool({ q: 'product designers,' }).must);
  });

  it('a skill the request hedges earns a bonus where every word of it is held, typed or by its stem, and asks nothing', () => {
    const hedged = bool({ q: 'rope designers, ideally knows splices and dyeing' });
    expect(hedged.must).toEqual(bool({ q: 'rope designers,' }).must);
    expect(hedged.filter).toEqual(bool({ q: 'rope designers,' }).filter);
    const preferred = (hedged.should ?? []).filter((clause) => /"constant_score".*"query":"(splices|dyeing)"/.test(JSON.stringify(clause)));
    expect(preferred).toHaveLength(2);
    const [splices] = preferred as { constant_score: { boost: number; filter: { bool: { filter: { bool: { should: { multi_match: { query: string; fields: string[] } }[] } }[] } } } }[];
    // PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS exact words of the best field.
    const best = Math.max(...DESIGNER_TEXT_FIELDS.map((field) => Number(field.split('^')[1] ?? 1)));
    expect(splices!.constant_score.boost).toBeCloseTo(PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS * best);
    const [word] = splices!.constant_score.filter.bool.filter;
    expect(word!.bool.should.map(({ multi_match }) => multi_match.query)).toEqual(['splices', wordForm('splices')]);
    expect(word!.bool.should[0]!.multi_match.fields).toEqual(DESIGNER_TEXT_FIELDS);
  });

  it('q: a tool a request hedges is held anywhere but in the companies: its users, not the staff of Figma Labs', () => {
    const preferred = JSON.stringify((bool({ q: 'chart designers, ideally knows figma' }).should ?? []).filter((clause) => JSON.stringify(clause).includes('"constant_score"')));
    expect(preferred).toContain(`{"multi_match":{"query":"figma","fields":${JSON.stringify(DESIGNER_TEXT_FIELDS.filter((field) => !field.startsWith('companies')))}}}`);
  });

  it('an employer of two words is held whole by one role, or a word of it by the location', () => {
    const filters = JSON.stringify(bool({ q: 'designers at spotify research' }).filter);
    expect(filters).toMatch(/"nested":\{"path":"roles","query":\{"bool":\{"filter":\[\{"dis_max":\{"queries":\[\{"multi_match":\{"query":"spotify","fields":\["roles.text"\]/);
    expect(filters).toContain('{"multi_match":{"query":"research","fields":["roles.text"]');
    expect(filters).toContain('{"multi_match":{"query":"research","fields":["location"]');
    // One word asks nothing of one role; nor does a request for past roles, whose title follows the employer.
    expect(JSON.stringify(bool({ q: 'designers at spotify' }).filter)).not.toContain('"path":"roles"');
    expect(JSON.stringify(bool({ q: 'former lego 3d artists' }).filter)).not.toContain('"path":"roles"');
  });

  it('a kind of role named with a word of another trade is held by one role, the head in its title and the word there or as its employer, or the word by the name', () => {
    const held = roleHolding({ word: 'product', wordStem: 'product', headStem: 'manag' });
    const inRole = {
      nested: {
        path: 'roles',
        query: { bool: { filter: [{ term: { 'roles.forms': 'manag' } }, { bool: { should: [{ term: { 'roles.forms': 'product' } }, { match: { 'roles.text': 'product' } }], minimum_should_match: 1 } }] } },
      },
    };
    // Or the name holds the word: a name may be an English word ("dana smith engineer").
    expect(held).toEqual({ bool: { should: [inRole, { match: { name: 'product' } }], minimum_should_match: 1 } });
    expect(bool({ q: 'product manager at stripe' }).filter).toContainEqual(held);
    // A role of the field's vocabulary asks nothing of one role.
    expect(JSON.stringify(bool({ q: 'product designer at stripe' }).filter)).not.toContain('"roles.forms"');
  });

  it('a role named by a phrase of the vocabulary is held as one of its phrases in a stemmed field, or the name holds another word', () => {
    const filters = bool({ q: 'jane doe interior designer in berlin' }).filter as { bool: { should: Record<string, unknown>[] } }[];
    const held = filters.find((clause) => JSON.stringify(clause).includes('"query":"interior design","fields":["forms.titles^2","forms.description"],"type":"phrase"'));
    expect(held).toBeDefined();
    expect(held!.bool.should).toContainEqual({ multi_match: { query: 'interior architect', fields: ['forms.titles^2', 'forms.description'], type: 'phrase' } });
    // The name holding another word answers instead: a name is no role. Not the place: where is not who.
    const should = JSON.stringify(held!.bool.should);
    expect(should).toContain('{"multi_match":{"query":"jane","fields":["name^3"]');
    expect(should).toContain('{"multi_match":{"query":"doe","fields":["name^3"]');
    expect(should).not.toContain('"query":"berlin"');
    // One word, or an "or" list, names no such role.
    expect(JSON.stringify(bool({ q: 'illustrator in berlin' }).filter)).not.toContain('"type":"phrase"');
    expect(JSON.stringify(bool({ q: 'ux or ui designer' }).filter)).not.toContain('"type":"phrase"');
  });

  it('no filters: a bool query that matches everything', () => {
    expect(buildDesignerQuery({})).toEqual({ bool: { filter: [] } });
  });

  it('q: free text over name, titles, companies and description, scored (must/should, not filter)', () => {
    const b = bool({ q: 'Ana Mül' });
    expect(b.filter).toEqual([]);
    const text = freeText('Ana Mül', DESIGNER_TEXT_FIELDS, (query, concepts) => [...sameRoleBonus(query, concepts), ...pastRoleBonus(query)], {
      formFields: ['forms.titles^2', 'forms.description'],
      placeFields: ['location'],
    })!;
    expect(b.must).toEqual(text.must);
    expect(b.should).toEqual(text.should);
  });

  it('q: a word also matches by its stem and its synonyms in the stemmed fields, below the word itself', () => {
    const json = JSON.stringify(bool({ q: 'art directors' }).must);
    expect(json).toContain('{"multi_match":{"query":"director","fields":["forms.titles^2","forms.description"],"type":"best_fields","boost":0.8}}');
    expect(json).toContain('{"multi_match":{"query":"creativ director","fields":["forms.titles^2","forms.description"],"type":"phrase","boost":0.4}}');
    // Names are never stemmed: the stem goes to the stemmed fields alone.
    expect(json).not.toMatch(/"name\^3"\],"type":"best_fields","boost":0.8/);
  });

  it('q boosts name above titles and companies, those above description, and the location lowest', () => {
    expect(DESIGNER_TEXT_FIELDS).toEqual(['name^3', 'titles^2', 'companies^2', 'description', 'location^0.5']);
  });

  it('q of two or more words scores the best single role by the words it holds (two at least), and the current role again', () => {
    const [best, current, title, exact] = sameRoleBonus({ words: ['senior', 'designer', 'figma'], prefix: [null, null, 'any'], pastRoles: false, filler: [], nowWords: [] }) as {
      nested: { path: string; score_mode: string; query: { bool: { filter?: unknown[]; should: { constant_score: { boost: number } }[]; minimum_should_match: number } } };
    }[];
    for (const bonus of [best!, current!]) {
      expect(bonus.nested).toMatchObject({ path: 'roles', score_mode: 'max' });
      expect(bonus.nested.query.bool.minimum_should_match).toBe(2);
      expect(JSON.stringify(bonus.nested.query.bool.should.at(-1))).toContain('match_phrase_prefix');
    }
    // The best role counts the words that tell roles apart ("designer" is in nearly every title); the current one all of them.
    expect(best!.nested.query.bool.should).toHaveLength(2);
    expect(current!.nested.query.bool.should).toHaveLength(3);
    expect(sameRoleBonus({ words: ['senior', 'designer'], prefix: [null, 'any'], pastRoles: false, filler: [], nowWords: [] })).toHaveLength(3);
    // Per word, as the Postgres engine's points: an exact word in the name for the best role, half for the current one.
    expect(ROLE_BOOSTS.bestRole).toBe(3);
    expect(best!.nested.query.bool.filter).toBeUndefined();
    expect(best!.nested.query.bool.should.map((s) => s.constant_score.boost)).toEqual([3, 3]);
    expect(current!.nested.query.bool.filter).toEqual([{ term: { 'roles.current': true } }]);
    expect(current!.nested.query.bool.should.map((s) => s.constant_score.boost)).toEqual([1.5, 1.5, 1.5]);
    // A role holding every word and no other content word: the query names it exactly. It earns what the
    // current role earns for every word and an exact word more: above a sister company's role held now.
    expect(exact).toMatchObject({ nested: { path: 'roles', query: { constant_score: { boost: ROLE_BOOSTS.exactRole + 3 * ROLE_BOOSTS.currentRole } } } });
    expect(exactRolePoints(3)).toBeGreaterThan(3 * ROLE_BOOSTS.currentRole);
    expect(JSON.stringify(exact)).toContain('{"term":{"roles.words":3}}');
    // A current title made only of words the query typed, by their stems: the least a word earns (one point in Postgres).
    const titleBonus = title as unknown as { nested: { path: string; query: { constant_score: { boost: number; filter: { bool: { filter: unknown[] } } } } } };
    expect(titleBonus.nested.path).toBe('roles');
    expect(titleBonus.nested.query.constant_score.boost).toBe(ROLE_BOOSTS.exactTitle);
    expect(titleBonus.nested.query.constant_score.filter.bool.filter).toContainEqual({ term: { 'roles.current': true } });
    expect(titleBonus.nested.query.constant_score.filter.bool.filter).toContainEqual({
      terms_set: { 'roles.forms': { terms: ['senior', 'design', 'figma'], minimum_should_match_field: 'roles.title_words' } },
    });
    expect(ROLE_BOOSTS.exactTitle).toBeCloseTo(0.05);
    // Filler counts ("head of design"); one word has that bonus alone.
    expect(JSON.stringify(sameRoleBonus(understandQuery('head of design')))).toContain('"terms":["head","design","of"]');
    expect(sameRoleBonus({ words: ['figma'], prefix: ['any'], pastRoles: false, filler: [], nowWords: [] })).toHaveLength(1);
    // Past roles: none of the current role's bonuses.
    const past = sameRoleBonus({ words: ['google', 'director'], prefix: [null, 'any'], pastRoles: true, filler: [], nowWords: [] });
    expect(past).toHaveLength(2);
    expect(JSON.stringify(past)).toContain('{"term":{"roles.current":false}}');
    // What a request for past roles says of now, in the current role: one word of it is enough.
    const klarna = sameRoleBonus(understandQuery('designers at klarna, ex spotify')) as { nested: { query: { bool: { filter: unknown[]; should: unknown[]; minimum_should_match: number } } } }[];
    const now = klarna.find((clause) => JSON.stringify(clause.nested.query.bool?.filter) === JSON.stringify([{ term: { 'roles.current': true } }]));
    expect(now).toBeDefined();
    // What it says of now is no previous role's, and it names no previous role exactly (no role of both words).
    expect(JSON.stringify(klarna.filter((clause) => clause !== now))).not.toContain('klarna');
    expect(JSON.stringify(klarna)).not.toContain('"roles.words"');
    expect(now!.nested.query.bool.minimum_should_match).toBe(1);
    expect(JSON.stringify(now!.nested.query.bool.should)).toContain('klarna');
    expect(JSON.stringify(now!.nested.query.bool.should)).not.toContain('spotify');
    expect(JSON.stringify(sameRoleBonus(understandQuery('former google design directors')))).not.toContain('{"term":{"roles.current":true}}');
    // Two units said of now (a concept and an employer): the current role holding both earns what a best role earns.
    const q2 = 'design technologists currently at framer who used to be at shopify';
    const nowUnits = sameRoleBonus(understandQuery(q2), conceptSpans(q2)).find((clause) => JSON.stringify(clause).includes('"minimum_should_match":2') && JSON.stringify(clause).includes('{"term":{"roles.current":true}}'));
    expect(JSON.stringify(nowUnits)).toContain('framer');
    expect(JSON.stringify(nowUnits)).not.toContain('shopify');
    // A concept alone said of now is the concept bonus's: the former employer's one word still tells its holders apart.
    const q3 = 'creative technologists based in scandinavia, ex apple or slack';
    const conceptNow = sameRoleBonus(understandQuery(q3), conceptSpans(q3)).filter((clause) => JSON.stringify(clause).includes('{"term":{"roles.current":true}}'));
    expect(conceptNow).toHaveLength(1);
    expect(JSON.stringify(conceptNow[0])).toContain('"dis_max"');
    // The role named exactly is a previous one too: "art directors ex lego" is not the Art Director at Lego now.
    const pastExact = sameRoleBonus({ words: ['art', 'director', 'lego'], prefix: [null, null, 'any'], pastRoles: true, filler: [], nowWords: [] }).at(-1);
    expect(JSON.stringify(pastExact)).toMatch(/"filter":\[\{"term":\{"roles.current":false\}\},\{"term":\{"roles.words":3\}\}/);
    // A previous role counts the telling words of the past: "designers" is no telling word, and "motion" is said
    // of now (nowWords), the current role's: a former Motion Designer at the New York Times is no motion designer now.
    const [formerRole] = sameRoleBonus(understandQuery('motion designers, ex new york times')) as typeof best[];
    expect(formerRole!.nested.query.bool.filter).toEqual([{ term: { 'roles.current': false } }]);
    expect(JSON.stringify(formerRole!.nested.query.bool.should)).not.toContain('designers');
    expect(JSON.stringify(formerRole!.nested.query.bool.should)).not.toContain('motion');
    expect(formerRole!.nested.query.bool.should).toHaveLength(3);
    // A concept the query names is one unit of the best role: held by its title (typed, or a synonym at the
    // form tier) or by every one of its words (two telling words: 2 × 3), never by one of them beside the company.
    const q = 'motion graphics designer who worked at lego';
    const [units] = sameRoleBonus(understandQuery(q), conceptSpans(q)) as { nested: { query: { dis_max: { queries: { bool: { should: unknown[]; minimum_should_match: number } }[] } } } }[];
    const [together, alone] = units!.nested.query.dis_max.queries;
    expect(together!.bool.should).toHaveLength(2);
    expect(together!.bool.minimum_should_match).toBe(2);
    expect(JSON.stringify(together!.bool.should[0])).toContain('{"match_phrase":{"roles.forms":"motion graphic design"}}');
    expect(JSON.stringify(together!.bool.should[0])).toMatch(/"roles.forms":"motion design"[^]*"boost":4\.8/);
    // On its own, the concept counts by its words or its title as typed (two words, 3 each), not by a synonym.
    expect(JSON.stringify(alone)).toContain('"boost":6');
    expect(JSON.stringify(alone)).not.toContain('motion design"');
    // Words of a concept the synonym list knows match by their word or title stem, never within a typo allowance
    // ("motion" is not the company Notion); other words keep theirs.
    expect(JSON.stringify(units)).toContain('{"match":{"roles.forms":{"query":"motion"}}}');
    expect(JSON.stringify(units)).not.toMatch(/"query":"motion","fuzziness"/);
    expect(JSON.stringify(units)).toMatch(/"query":"lego","fuzziness"/);
    // One telling word: no previous role holds two, so only the exact role remains.
    expect(sameRoleBonus(understandQuery('designers, ex google'))).toHaveLength(1);
  });

  it('the role bonuses leave out a place of the world typed alone: a company named after it is not the place', () => {
    // A role bonus is a nested query of the roles, or the best of several (the together bonuses hold one among others).
    const ofRoles = (c: unknown): boolean => typeof c === 'object' && c !== null && ('nested' in c || ('dis_max' in c && (c.dis_max as { queries: unknown[] }).queries.every(ofRoles)));
    const roleBonuses = (q: string) => JSON.stringify((buildDesignerQuery({ q }) as Bool).bool.should!.filter(ofRoles));
    expect(roleBonuses('motion designer berlin')).not.toContain('berlin');
    expect(roleBonuses('berlin motion designers')).not.toContain('berlin');
    expect(roleBonuses('lead designer new york times')).toContain('york');
    expect(roleBonuses('motion designer at berlin design studio')).toContain('berlin');
  });

  it('a concept the query names in the current role\'s title scores per word of it, a synonym of it at the form tier, once with the current role\'s words', () => {
    type Bonus = { nested: { path: string; score_mode: string; query: { constant_score: { boost: number; filter: { bool: { filter: unknown[]; should: unknown[] } } } } } };
    const [typed, synonyms] = conceptRoleBonus(conceptSpans('art director')) as Bonus[];
    expect(typed!.nested).toMatchObject({ path: 'roles', score_mode: 'max' });
    expect(typed!.nested.query.constant_score.boost).toBe(2 * ROLE_BOOSTS.currentRole);
    expect(typed!.nested.query.constant_score.filter.bool.filter).toEqual([{ term: { 'roles.current': true } }]);
    expect(typed!.nested.query.constant_score.filter.bool.should).toEqual([{ match_phrase: { 'roles.forms': 'art director' } }]);
    expect(synonyms!.nested.query.constant_score.boost).toBeCloseTo(2 * ROLE_BOOSTS.currentRole * 0.8);
    expect(synonyms!.nested.query.constant_score.filter.bool.should).toContainEqual({ match_phrase: { 'roles.forms': 'creativ director' } });
    // After "ex" or "former", previous roles hold it.
    const [former] = conceptRoleBonus(conceptSpans('former art directors')) as Bonus[];
    expect(former!.nested.query.constant_score.filter.bool.filter).toEqual([{ term: { 'roles.current': false } }]);
    // The current role's own words and the concepts count once: the greatest of them (dis_max).
    const bonuses = sameRoleBonus(understandQuery('art director'), conceptSpans('art director')) as { dis_max?: { queries: unknown[] } }[];
    expect(bonuses).toHaveLength(4);
    expect(bonuses[1]!.dis_max!.queries).toHaveLength(3);
    expect(bonuses[1]!.dis_max!.queries.slice(1)).toEqual([typed, synonyms]);
    // One word: the concept alone, as the word itself in the title ("researchers" for a UX Researcher).
    const one = sameRoleBonus(understandQuery('researchers'), conceptSpans('researchers'));
    expect(one.slice(0, -1)).toEqual(conceptRoleBonus(conceptSpans('researchers')));
    expect(JSON.stringify(one.at(-1))).toContain('{"terms_set":{"roles.forms":{"terms":["research"]');
  });

  it('the role asked for beside other constraints: its title now, or (a word less) at an employer named, outweighs every other match', () => {
    const q = 'an art director in berlin who has worked at lego or ikea';
    const [bonus] = roleFirstBonus(askedRole(understandQuery(q), conceptSpans(q)));
    type Tier = { constant_score: { filter: { bool: { should: unknown[] } }; boost: number } };
    const [now, before] = (bonus as { nested: { query: { dis_max: { queries: Tier[] } } } }).nested.query.dis_max.queries;
    expect(now!.constant_score.boost).toBe(ROLE_FIRST_WORDS * ROLE_BOOSTS.bestRole);
    expect(now!.constant_score.filter.bool.should).toEqual([{ term: { 'roles.current': true } }]);
    expect(before!.constant_score.boost).toBe((ROLE_FIRST_WORDS - 1) * ROLE_BOOSTS.bestRole);
    expect(before!.constant_score.filter.bool.should).toEqual([{ bool: { filter: [{ match: { 'roles.text': { query: 'lego' } } }] } }, { bool: { filter: [{ match: { 'roles.text': { query: 'ikea' } } }] } }]);
    const json = JSON.stringify(bonus);
    expect(json).toContain('{"match_phrase":{"roles.forms":"art director"}}');
    expect(json).toContain('{"match_phrase":{"roles.forms":"creativ director"}}');
    expect(JSON.stringify(bool({ q }).should)).toContain(json);
    // No employer named: the title now alone.
    const [alone] = roleFirstBonus(askedRole(understandQuery('an art director in berlin'), conceptSpans('an art director in berlin')));
    expect(JSON.stringify(alone)).not.toContain('dis_max');
    expect(JSON.stringify(alone)).toContain(`"boost":${ROLE_FIRST_WORDS * ROLE_BOOSTS.bestRole}`);
    // A title and a company alone: the words rank them.
    expect(roleFirstBonus(askedRole(understandQuery('art director lego'), conceptSpans('art director lego')))).toEqual([]);
  });

  it('a role at an employer named exactly: its company holds the naming words and as many content words as it holds of those written', () => {
    type Exact = { nested: { query: { constant_score: { filter: { bool: { filter?: unknown[]; should: unknown[] } }; boost: number } } } };
    const bonus = (q: string) => exactEmployerBonus(exactEmployers(understandQuery(q))) as Exact[];
    const held = (words: string[]) => ({ bool: { filter: [...words.map((word) => ({ match: { 'roles.company': { query: word } } })), { term: { 'roles.company_words': words.length } }] } });
    const [atGoogle] = bonus('head of design at google');
    expect(atGoogle!.nested.query.constant_score.boost).toBe(EXACT_EMPLOYER_WORDS * ROLE_BOOSTS.bestRole);
    expect(atGoogle!.nested.query.constant_score.filter.bool).toEqual({ should: [held(['google'])], minimum_should_match: 1 });
    // A request for past roles: a previous role; the title written after the employer may be in its name.
    const [lego] = bonus('former lego 3d artists');
    expect(lego!.nested.query.constant_score.filter.bool.filter).toEqual([{ term: { 'roles.current': false } }]);
    expect(lego!.nested.query.constant_score.filter.bool.should).toEqual([held(['lego']), held(['lego', '3d']), held(['lego', 'artists']), held(['lego', '3d', 'artists'])]);
    // One per constraint: the name after "at", and each alternative of an "or" list in one.
    expect(bonus('designers at pentagram who worked at ideo or monzo')).toHaveLength(2);
    expect(bonus('designers at fintech startups')).toEqual([]);
    expect(JSON.stringify(bool({ q: 'head of design at google' }).should)).toContain(JSON.stringify(atGoogle));
  });

  it('an "or" list of places introduced as one: a filter, one alternative in the location', () => {
    const filter = JSON.stringify(bool({ q: 'art director in berlin or london' }).filter);
    expect(filter).toContain('{"bool":{"should":[{"dis_max":{"queries":[{"multi_match":{"query":"berlin","fields":["location"]');
    expect(filter).toContain('{"multi_match":{"query":"london","fields":["location"]');
    expect(JSON.stringify(bool({ q: 'art director berlin or london' }).filter)).not.toContain('"fields":["location"]');
  });

  it('the holders of the role a request names match however few of its words, scoring those words but not their typos', () => {
    type Must = { dis_max?: { queries: [{ bool: { should: unknown[]; minimum_should_match: number } }, { bool: { filter: unknown[]; should: unknown[] } }] } };
    const [must] = bool({ q: 'an illustrator who can draw comic strips' }).must as Must[];
    const [enough, holders] = must!.dis_max!.queries;
    expect(enough.bool.minimum_should_match).toBe(3);
    expect(holders.bool.filter).toEqual([currentHolders(heldRole(understandQuery('an illustrator who can draw comic strips'), conceptSpans('an illustrator who can draw comic strips')))]);
    expect(JSON.stringify(holders.bool.filter)).toContain('{"term":{"roles.current":true}},{"bool":{"should":[{"match_phrase":{"roles.forms":"illustr"}}');
    expect(holders.bool.should).toHaveLength(4);
    expect(JSON.stringify(enough)).toContain('"fuzziness"');
    expect(JSON.stringify(holders.bool.should)).not.toContain('"fuzziness"');
    // A craft beside the words of a task, and no role: its holders, in a stemmed field, are every match.
    const [craft] = bool({ q: 'someone who storyboarded commercials' }).must as { bool: { filter: unknown[]; should: unknown[] } }[];
    expect(craft!.bool.filter).toEqual([craftHolders(heldCraft(understandQuery('someone who storyboarded commercials'), conceptSpans('someone who storyboarded commercials')))]);
    expect(JSON.stringify(craft!.bool.filter)).toContain('{"multi_match":{"query":"storyboard","fields":[');
    expect(JSON.stringify(craft!.bool.should)).not.toContain('"fuzziness"');
    // No role beside other words: the words alone.
    expect((bool({ q: 'illustrator' }).must as Must[])[0]!.dis_max).toBeUndefined();
    expect((bool({ q: 'zzqx illustrator who can draw comic strips' }).must as Must[])[0]!.dis_max).toBeUndefined();
  });

  it('an "or" list is one clause of the words that must match: its best alternative, each the average of its words', () => {
    type Clause = { dis_max?: { queries: { bool: { should: unknown[]; minimum_should_match: number; boost: number } }[] } };
    const { must } = bool({ q: 'illustrators at stripe press or asana' }) as unknown as { must: { bool: { should: Clause[]; minimum_should_match: number } }[] };
    const [words] = must;
    // illustrators, and the list: both must match.
    expect(words!.bool.should).toHaveLength(2);
    expect(words!.bool.minimum_should_match).toBe(2);
    const alternatives = words!.bool.should[1]!.dis_max!.queries.map((q) => q.bool);
    expect(alternatives.map((a) => [a.should.length, a.minimum_should_match, a.boost])).toEqual([
      [2, 2, 0.5],
      [1, 1, 1],
    ]);
  });

  it('a request for past roles adds a bonus for a previous role holding enough of its words, shared out over them, "designer" left out', () => {
    expect(pastRoleBonus(understandQuery('possible'))).toEqual([]);
    expect(pastRoleBonus(understandQuery('former designers'))).toEqual([]);
    const [bonus] = pastRoleBonus(understandQuery('former Helpful Design Co. designers')) as [
      { nested: { path: string; score_mode: string; query: { bool: { filter: unknown[]; should: { constant_score: { boost: number } }[]; minimum_should_match: number } } } },
    ];
    expect(bonus.nested).toMatchObject({ path: 'roles', score_mode: 'max' });
    const inner = bonus.nested.query.bool;
    expect(inner.filter).toEqual([{ term: { 'roles.current': false } }]);
    // helpful, design, co: two of three, each worth a third of the bonus.
    expect(inner.should).toHaveLength(3);
    expect(inner.minimum_should_match).toBe(2);
    const pastRole = PAST_ROLE_BONUS_WORDS * ROLE_BOOSTS.bestRole;
    for (const word of inner.should) expect(word.constant_score.boost).toBeCloseTo(pastRole / 3);
    // One telling word is enough on its own ("who used to work at Possible Works").
    const [one] = pastRoleBonus(understandQuery('designers who used to work at Possible Works')) as [typeof bonus];
    expect(one.nested.query.bool).toMatchObject({ minimum_should_match: 1 });
    expect(one.nested.query.bool.should[0]!.constant_score.boost).toBe(pastRole);
    // A role named first ("art directors, ex Possible") is what is wanted: the former employer earns a word.
    const [named] = pastRoleBonus(understandQuery('art directors, ex Possible')) as [typeof bonus];
    expect(named.nested.query.bool.should[0]!.constant_score.boost).toBe(PAST_ROLE_AFTER_ROLE_WORDS * ROLE_BOOSTS.bestRole);
    // Part of every designer free-text query that asks for past roles, and of none other.
    const pastBonus = '"filter":[{"term":{"roles.current":false}}]';
    expect(JSON.stringify(bool({ q: 'former Acme designers' }).should)).toContain(pastBonus);
    expect(JSON.stringify(bool({ q: 'Acme designers' }).should)).not.toContain(pastBonus);
  });

  it('q that is blank or only punctuation adds no clause', () => {
    expect(buildDesignerQuery({ q: '   ' })).toEqual({ bool: { filter: [] } });
    expect(buildDesignerQuery({ q: '(),' })).toEqual({ bool: { filter: [] } });
  });

  it('slug: an exact term', () => {
    expect(bool({ slug: 'ana-muller' }).filter).toEqual([{ term: { slug: 'ana-muller' } }]);
  });

  it('id: an exact term', () => {
    expect(bool({ id: 'd-42' }).filter).toEqual([{ term: { id: 'd-42' } }]);
  });

  it('category: an exact term', () => {
    expect(bool({ category: 'brand' }).filter).toEqual([{ term: { category: 'brand' } }]);
  });

  it('category aliases directors and engineers become the singular term', () => {
    expect(bool(fromQueryString('category=directors')).filter).toEqual([{ term: { category: 'director' } }]);
    expect(bool(fromQueryString('category=engineers')).filter).toEqual([{ term: { category: 'engineer' } }]);
    expect(bool(fromQueryString('category=3d')).filter).toEqual([{ term: { category: '3d' } }]);
  });

  it('location: word prefixes in order on the location field; a code of one or two letters alone, the names it stands for', () => {
    expect(bool({ location: 'US' }).filter).toEqual([wordFilter('location', 'location', 'us')]);
    expect(bool({ location: 'Ber' }).filter).toEqual([{ prefix: { location: { value: 'ber' } } }]);
    expect(bool({ location: 'San Fran' }).filter).toEqual([wordFilter('location', 'location', 'san fran')]);
    expect(bool({ location: 'ZÜRICH' }).filter).toEqual([{ prefix: { location: { value: 'zurich' } } }]);
  });

  it('company: word prefixes in order over current and previous companies', () => {
    expect(bool({ company: 'Globex Corp' }).filter).toEqual([wordFilter('company', 'companies', 'globex corp')]);
    expect(bool({ company: 'Café' }).filter).toEqual([{ prefix: { companies: { value: 'cafe' } } }]);
  });

  it('location or company without a word adds no filter', () => {
    expect(bool({ location: ' , ', company: '()' }).filter).toEqual([]);
  });

  it('every filter together: all in filter (AND), q scored', () => {
    const b = bool(fromQueryString('q=ana&slug=ana-muller&category=brand&location=zurich&company=globex'));
    expect(b.filter).toEqual([
      { term: { slug: 'ana-muller' } },
      { term: { category: 'brand' } },
      { prefix: { location: { value: 'zurich' } } },
      { prefix: { companies: { value: 'globex' } } },
    ]);
    expect(b.must).toHaveLength(1);
    // One word: no role holds two of it, so the current role's title holding it, or being it, are the only bonuses.
    expect(b.should!.slice(0, -1)).toEqual(conceptRoleBonus(conceptSpans('ana')));
    expect(JSON.stringify(b.should!.at(-1))).toContain('{"terms_set":{"roles.forms":{"terms":["ana"]');
  });
});

describe('designerSort', () => {
  it('without q: newest listed, then id', () => {
    expect(designerSort({})).toEqual([{ listed_at: { order: 'desc' } }, { id: { order: 'asc' } }]);
    expect(designerSort({ q: '  ', category: 'brand' })).toEqual([{ listed_at: { order: 'desc' } }, { id: { order: 'asc' } }]);
  });

  it('with q: score, then newest listed, then id', () => {
    expect(designerSort({ q: 'ana' })).toEqual([
      { _score: { order: 'desc' } },
      { listed_at: { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
  });

  it('always ends in the unique id, so pages never repeat or skip', () => {
    for (const filters of [{}, { q: 'x' }, { location: 'US' }]) {
      expect(designerSort(filters).at(-1)).toEqual({ id: { order: 'asc' } });
    }
  });
});

describe('buildDesignerSearchRequest', () => {
  it('an offset window: from and size, exact total, only the public profile from _source', () => {
    expect(buildDesignerSearchRequest({ category: 'brand' }, { limit: 20, offset: 40 })).toEqual({
      query: { bool: { filter: [{ term: { category: 'brand' } }] } },
      sort: [{ listed_at: { order: 'desc' } }, { id: { order: 'asc' } }],
      size: 20,
      from: 40,
      track_total_hits: true,
      _source: ['designer'],
    });
  });

  it('from defaults to 0', () => {
    expect(buildDesignerSearchRequest({}, { limit: 50 })).toMatchObject({ size: 50, from: 0 });
  });

  it('limit=0 asks for no hits but still the total', () => {
    expect(buildDesignerSearchRequest({}, { limit: 0, offset: 0 })).toMatchObject({ size: 0, track_total_hits: true });
  });

  it('a cursor window: search_after and no from', () => {
    const request = buildDesignerSearchRequest({ q: 'ana' }, { limit: 10, after: [1.5, 1735689600000, 'id-1'] });
    expect(request.search_after).toEqual([1.5, 1735689600000, 'id-1']);
    expect(request).not.toHaveProperty('from');
    expect(request.size).toBe(10);
    expect(request.sort).toEqual(designerSort({ q: 'ana' }));
  });

  it('carries neither index nor pit: the repository decides where to search', () => {
    const request = buildDesignerSearchRequest({}, { limit: 1 });
    expect(request).not.toHaveProperty('index');
    expect(request).not.toHaveProperty('pit');
  });
});

describe('an employer the designer worked at, beside a role and a place', () => {
  const q = 'product designers in berlin who worked at canva';
  const held = (employerHeld: boolean) => (buildDesignerQuery({ q }, undefined, { employerHeld }) as Bool).bool;
  const onCompanies = (clauses: unknown[] = []) => JSON.stringify(clauses).includes('{"query":"canva","fields":["companies","location"]');

  it('is required where no role in the index had it, and scored, no longer required, where one did', () => {
    expect(onCompanies(held(false).filter)).toBe(true);
    expect(onCompanies(held(true).filter)).toBe(false);
    expect(onCompanies(held(true).should)).toBe(true);
  });

  it('is looked up as one role whose company holds every naming word, one hit at most', () => {
    expect(buildFactRequests({ q: 'product designers in berlin who worked at spotify studios' })).toEqual({
      employerHeld: {
        size: 0,
        terminate_after: 1,
        track_total_hits: 1,
        query: { bool: { filter: [{ nested: { path: 'roles', query: { match: { 'roles.company': { query: 'spotify studios', operator: 'and' } } } } }] } },
      },
      placeHeld: null,
    });
  });
});

describe('a place beside a role and an employer the role is at now', () => {
  const q = '3d artists at webflow based in nairobi';
  const held = (placeHeld: boolean) => (buildDesignerQuery({ q }, undefined, { placeHeld }) as Bool).bool;
  const inLocation = (clauses: unknown[] = []) => JSON.stringify(clauses).includes('{"query":"nairobi","fields":["location"]');

  it('is required where no designer is there, and scored, no longer required, where one is', () => {
    expect(inLocation(held(false).filter)).toBe(true);
    expect(inLocation(held(true).filter)).toBe(false);
    expect(JSON.stringify(held(true).should)).toContain('nairobi');
  });

  it('is looked up as a location holding every word of it, one hit at most; the employer stays required', () => {
    expect(buildFactRequests({ q })).toEqual({
      employerHeld: null,
      placeHeld: { size: 0, terminate_after: 1, track_total_hits: 1, query: { bool: { filter: [{ match: { location: { query: 'nairobi', operator: 'and' } } }] } } },
    });
    // The employer the designer worked at ranks instead; so does nothing where no role or employer is named.
    expect(buildFactRequests({ q: '3d artists in nairobi who worked at webflow' }).placeHeld).toBeNull();
    expect(buildFactRequests({ q: '3d artists in nairobi' })).toEqual({ employerHeld: null, placeHeld: null });
  });
});
