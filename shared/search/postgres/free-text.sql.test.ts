import { describe, expect, it } from 'vitest';
import { EXACT_EMPLOYER_WORDS, PLACE_BONUS_WORDS, ROLE_FIRST_WORDS, understandQuery } from '../query-words.ts';
import { askedRole, exactEmployers, namedRoles, qualifiedRoles, conceptSpans, heldCraft, heldRole, employerListsHeld, employerNamesHeld, employerOnlyWords, expandQueryWords, nameOnlyWords, namedPlaces, placeOnlyWords, wholePlaceWords, wordsOfNoRole } from '../query-synonyms.ts';
import { PREFERENCE_BONUS_WORDS, PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS } from '../query-preferences.ts';
import { freeTextSql } from './free-text.sql.ts';
import { MATCH_TIER_POINTS } from './word-matchers.sql.ts';
import { ROLE_COMPANY_WEIGHT, ROLE_FORM_WEIGHT } from './role-bonus.sql.ts';
import { Params } from './sql-builder.ts';
import { designerSearchSpec, factStatement } from './designer-query.builder.ts';
import { DESIGNER_FIELD_WEIGHTS, DESIGNER_FORM_WEIGHTS } from './designer.search-text.ts';
import { NO_QUERY_TERMS } from './query-terms.ts';
import { wordForm } from '../../text/word-forms.ts';

const WEIGHTS = { A: 6, B: 4, C: 2, D: 1 } as const;

function build(q: string, expansions = new Map<string, string[]>(), roles = false, known?: ReadonlySet<string>, placeWeights?: string) {
  const sqlOf = (top: boolean) => {
    const params = new Params();
    const roleColumns = roles ? ({ roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const) : undefined;
    const query = understandQuery(q);
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions, known }, weights: WEIGHTS, params, roleColumns, top, placeWeights, places: namedPlaces(query), placeOnlyWords: placeOnlyWords(query) })!;
    /** The SQL with its bind values spelt out, to read what it asks. */
    const inline = (text: string) => text.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    return { where: inline(sql.where), score: inline(sql.score), bound: sql.top?.bound };
  };
  const all = sqlOf(false);
  return { where: all.where, score: all.score, top: all.bound === undefined ? null : { where: sqlOf(true).where, bound: all.bound } };
}

describe('freeTextSql: the role asked for first', () => {
  const sqlOf = (q: string, top: boolean) => {
    const params = new Params();
    const query = understandQuery(q);
    const concepts = conceptSpans(q);
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const;
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, roleColumns, concepts, askedRole: askedRole(query, concepts), top })!;
    const inline = (text: string) => text.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    return { where: inline(sql.where), score: inline(sql.score), top: sql.top };
  };

  it('its title now earns ROLE_FIRST_WORDS exact words of the best field, at an employer named one word less', () => {
    const { score } = sqlOf('a motion designer in berlin who worked at buck', false);
    const points = ROLE_FIRST_WORDS * WEIGHTS.A * MATCH_TIER_POINTS.exact;
    const before = (ROLE_FIRST_WORDS - 1) * WEIGHTS.A * MATCH_TIER_POINTS.exact;
    expect(score).toContain(`CASE WHEN s.current_role_tsv @@ «( ( '~motion':A <-> '~design':A ) | ( '~motion':A <-> '~graphic':A <-> '~design':A )`);
    expect(score).toMatch(new RegExp(`THEN ${points} ELSE COALESCE\\(.*'buck' \\).*\\* ${before} END`));
    expect(sqlOf('motion designer buck', false).score).not.toContain(` ${points} `);
  });

  it('its holders are in the top, which then asks the words\' own test as well', () => {
    const { where, top } = sqlOf('a motion designer in berlin', true);
    expect(top).not.toBeNull();
    expect(where).toContain("( '~motion':B <-> '~design':B )");
    expect(where).toContain(sqlOf('a motion designer in berlin', false).where.replace(/^\(|\)$/g, '').split(' AND ')[0]!);
  });
});

describe('freeTextSql: an employer named exactly', () => {
  const scoreOf = (q: string) => {
    const params = new Params();
    const query = understandQuery(q);
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const;
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, roleColumns, exactEmployers: exactEmployers(query), top: false })!;
    return sql.score.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
  };

  it('a role whose company holds the naming words and no other content word earns EXACT_EMPLOYER_WORDS exact words of the best field', () => {
    const points = EXACT_EMPLOYER_WORDS * WEIGHTS.A * MATCH_TIER_POINTS.exact;
    const score = scoreOf('head of design at google');
    expect(score).toContain(`(s.role_tsvs[1] @@ «( 'google':${ROLE_COMPANY_WEIGHT} )» AND length(ts_delete(ts_filter(s.role_tsvs[1], '{c}'), «google,a,an,the,`);
    expect(score).toMatch(new RegExp(`FROM unnest\\(s\\.role_tsvs\\) AS r\\) END, 0\\) \\* ${points}`));
    // A request for past roles: the previous roles (the current one, first, skipped when there is one).
    expect(scoreOf('ex google designers')).toContain('unnest(s.role_tsvs[1 + (length(s.current_role_tsv) > 0)::int:])');
    expect(scoreOf('designers at fintech startups')).not.toContain(`'{c}'`);
  });
});

describe('freeTextSql: the holders of the role a request names', () => {
  const whereOf = (q: string, top = false) => {
    const params = new Params();
    const query = understandQuery(q);
    const concepts = conceptSpans(q);
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const;
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, roleColumns, concepts, heldRole: heldRole(query, concepts), top })!;
    // Postgres refuses a bound value the statement does not use.
    const used = new Set([...sql.where.matchAll(/\$(\d+)/g), ...sql.score.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect(used.size).toBe(params.values.length);
    return sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
  };

  it('match with enough words or, found by the index at the role weight, with the role in the current title', () => {
    const where = whereOf('an illustrator who can start next month');
    expect(where).toContain(" OR (s.text_tsv @@ «( ( '~illustr':B ) | ");
    expect(where).toContain(" AND s.current_role_tsv @@ «( ( '~illustr':A ) | ");
    expect(whereOf('illustrator')).not.toContain('current_role_tsv');
    expect(whereOf('zzqx illustrator who can start next month')).not.toContain('current_role_tsv');
  });

  it('without role columns, are the records whose title holds the role at its weight (an open role)', () => {
    const params = new Params();
    const query = understandQuery('a motion designer who can start next month');
    const concepts = conceptSpans('a motion designer who can start next month');
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, heldRole: heldRole(query, concepts), titleFormWeight: 'A' })!;
    const where = sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    expect(where).toContain(" OR s.text_tsv @@ «( ( '~motion':A <-> '~design':A )");
  });

  it('where the request names no role, are the records holding the craft it names beside the words of a task: every match', () => {
    const params = new Params();
    const q = 'someone who storyboarded commercials';
    const query = understandQuery(q);
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, formWeights: 'ABC', heldCraft: heldCraft(query, conceptSpans(q)) })!;
    const where = sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    // Every match: the words' own test is not asked.
    expect(where).toBe("s.text_tsv @@ «( ( '~storyboard':ABC ) | ( '~storyboard':ABC <-> '~artist':ABC ) )»");
  });

  it('are left out of a top that holds every word, and bind nothing there', () => {
    expect(whereOf('an illustrator who can start next month', true)).not.toContain('current_role_tsv');
  });
});

describe('freeTextSql: words spelled right', () => {
  it('a word the options call spelled right matches without the terms within its typo allowance', () => {
    const whereOf = (spelled?: ReadonlySet<string>) => {
      const params = new Params();
      const sql = freeTextSql({ column: 's.text_tsv', query: understandQuery('animator'), terms: { expansions: new Map([['animator', ['aviator']]]) }, weights: WEIGHTS, params, spelled })!;
      return sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    };
    expect(whereOf()).toContain("'aviator'");
    expect(whereOf(new Set(['animator']))).not.toContain("'aviator'");
  });
});

describe('freeTextSql: tools and known words', () => {
  const scoreOf = (q: string, options: { tools?: number[]; spelled?: ReadonlySet<string> }) => {
    const params = new Params();
    const query = understandQuery(q);
    const expansions = expandQueryWords(q);
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, expansions, formWeights: 'BC', toolWeights: 'B', ...options })!;
    return sql.score.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
  };

  it('a tool the request names scores at the company weight by a title\'s stems alone: a company named after it earns nothing', () => {
    expect(scoreOf('figma', {})).toContain("WHEN s.text_tsv @@ «'figma':B» THEN 40");
    const tool = scoreOf('figma', { tools: [0] });
    expect(tool).not.toContain("'figma':B»");
    expect(tool).not.toContain("'figma':*B»");
    // The description still scores it exactly.
    expect(tool).toContain("WHEN s.text_tsv @@ «'figma':C» THEN 20");
  });

  it('a known word as the start of a longer word in the best field earns less than the word exactly in any field', () => {
    const known = scoreOf('blender', { spelled: new Set(['blender']) });
    expect(known).toContain(`WHEN s.text_tsv @@ «'blender':*A» THEN ${MATCH_TIER_POINTS.knownPrefix * WEIGHTS.A}`);
    expect(MATCH_TIER_POINTS.knownPrefix * WEIGHTS.A).toBeLessThan(MATCH_TIER_POINTS.exact * WEIGHTS.C);
    expect(scoreOf('blender', {})).toContain(`WHEN s.text_tsv @@ «'blender':*A» THEN ${MATCH_TIER_POINTS.prefix * WEIGHTS.A}`);
  });
});

describe('freeTextSql: a place of the world typed alone', () => {
  const scoreOf = (q: string) => {
    const params = new Params();
    const query = understandQuery(q);
    const concepts = conceptSpans(q);
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const;
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, roleColumns, concepts, wholePlaceWords: wholePlaceWords(query, concepts), noRoleWords: wordsOfNoRole(query, concepts) })!;
    return { score: sql.score.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`), bound: sql.top?.bound };
  };

  it('is asked of the best weight alone by the all-words and phrase bonuses, and of no role', () => {
    const { score } = scoreOf('motion designer berlin');
    // Every word in the name (A); the words but the place at the other weights.
    expect(score).toContain("WHEN s.text_tsv @@ «( 'motion':A & 'designer':A & 'berlin':A )» THEN 180");
    expect(score).toContain("WHEN s.text_tsv @@ «( 'motion':B & 'designer':B )» THEN 80");
    expect(score).toContain("WHEN s.text_tsv @@ «( 'motion':B <-> 'designer':B )» THEN 80");
    expect(score).not.toMatch(/'designer':[BCD] (&|<->) 'berlin'/);
    // No role bonus tests the place.
    expect(score.match(/s\.role_tsvs\[1\] @@ «[^»]*»/g)!.join(' ')).not.toContain('berlin');
    // The bound of the matches outside the top stays an upper bound: the role bonuses ask fewer words.
    expect(scoreOf('motion designer berlin').bound).toBe(scoreOf('motion designer canva').bound);
  });

  it('that is part of an employer\'s name as typed is asked as every word is', () => {
    expect(scoreOf('lead designer new york times').score).toContain("'york':B");
  });
});

describe('freeTextSql', () => {
  it('one or two content words: all must match, through the index (one tsquery)', () => {
    const { where } = build('a designer at acme');
    expect(where).toBe("s.text_tsv @@ «( ( 'designer' ) & ( 'acme' | 'acme':* ) )»");
  });

  it('from three words: one tsquery of every way to hold the required number of them, which the index reads', () => {
    const { where } = build('brand designer spotify');
    const [brand, designer, spotify] = ["( 'brand' )", "( 'designer' )", "( 'spotify' | 'spotify':* )"];
    expect(where).toBe(`s.text_tsv @@ «( ( ${brand} & ${designer} ) | ( ${brand} & ${spotify} ) | ( ${designer} & ${spotify} ) )»`);
    // Four words, three required: four subsets.
    expect(build('brand designer spotify berlin').where.match(/ & /g)).toHaveLength(4 * 2);
  });

  it('past the size bound, any word through the index and a count of matched words of at least the required number', () => {
    // Ten words, six required: 210 subsets.
    const { where } = build('one two three four five six seven eight nine ten'.replace(/\w+/g, (w) => `${w}x`));
    expect(where).toContain("s.text_tsv @@ «( ( 'onex' ) | ( 'twox' ) |");
    expect(where).toMatch(/\)::int \+ \(.*\)::int\) >= 6$/);
  });

  it('a word that may be missing is tested once before its tiers; a word every match holds is not', () => {
    expect(build('brand designer spotify').score).toContain("CASE WHEN NOT s.text_tsv @@ «( 'brand' )» THEN 0 WHEN");
    expect(build('brand designer').score).not.toContain('WHEN NOT');
  });

  it('leaves out the exact tests of words no record holds, and the bonuses that need every word exactly', () => {
    const everything = build('senor designer', new Map([['senor', ['senior']]]));
    const pruned = build('senor designer', new Map([['senor', ['senior']]]), false, new Set(['designer']));
    expect(everything.score).toContain("«'senor':A»");
    expect(pruned.score).not.toContain("«'senor':A»");
    expect(pruned.score).toContain("«( 'senior':A )»");
    expect(pruned.score).toContain("«'designer':A»");
    // Both words in one field, or as a phrase: impossible without senor.
    expect(everything.score).toContain('<->');
    expect(pruned.score).not.toContain('<->');
    // The match itself is unchanged: the vocabulary only spares tests that would fail.
    expect(pruned.where).toBe(everything.where);
    // A word with nothing left to score adds 0.
    expect(build('senor designer', new Map(), false, new Set(['designer'])).score).toMatch(/^\(0 \+ CASE/);
  });

  it('scores each word by its best tier and field: exact above prefix above fuzzy, whatever the field', () => {
    const { score } = build('webg', new Map([['webg', ['webb']]]));
    const order = [...score.matchAll(/«([^»]+)» THEN (\d+)/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(order[0]).toBe("'webg':A=60");
    const prefixDescription = order.findIndex((o) => o === "'webg':*C=12");
    const fuzzyName = order.findIndex((o) => o === "( 'webb':A )=6");
    expect(prefixDescription).toBeGreaterThan(-1);
    expect(fuzzyName).toBeGreaterThan(prefixDescription);
    expect(MATCH_TIER_POINTS.prefix * WEIGHTS.D).toBeGreaterThanOrEqual(MATCH_TIER_POINTS.fuzzy * WEIGHTS.A);
  });

  it('with role columns, scores the words found together in one role and in the current role', () => {
    const { score } = build('designer acme', new Map(), true);
    // The first four roles in place, more through unnest.
    expect(score).toContain('s.role_tsvs[4] @@');
    expect(score).not.toContain('s.role_tsvs[5]');
    expect(score).toContain('ELSE (SELECT max(');
    expect(score).toContain('FROM unnest(s.role_tsvs) AS r');
    expect(score).toContain('s.current_role_tsv @@');
    expect(build('acme', new Map(), true).score).not.toContain('role_tsvs');
    // A role the query names exactly: every word, and no other content word besides filler ("of").
    // Its words alone (weight D) are counted, not its title's stems (ROLE_FORM_WEIGHT).
    expect(score).toMatch(/CASE WHEN s\.role_tsvs\[1\] @@ «[^»]+» AND length\(ts_delete\(ts_filter\(s\.role_tsvs\[1\], '\{d\}'\), «[^»]*\bof\b[^»]*»\[\]\)\) = 2 THEN 1 ELSE 0 END/);
    // It earns what the current role earns for every word (half the best exact word, 60) and an exact word more.
    expect(score).toMatch(/ELSE 0 END\)[^+]* \* 120\b/);
    // "former …" asks for past roles: previous roles score instead of the current one, which comes first.
    const former = build('former acme designer', new Map(), true).score;
    expect(former).toContain('s.role_tsvs[1 + (length(s.current_role_tsv) > 0)::int:]');
    expect(former).not.toContain('s.current_role_tsv @@');
    // The role named exactly is a previous one too: "art directors ex lego" is not the Art Director at Lego now.
    expect(former).toContain("ts_filter(s.role_tsvs[1 + (length(s.current_role_tsv) > 0)::int], '{d}')");
    expect(former).not.toContain("ts_filter(s.role_tsvs[1], '{d}')");
  });

  it('a request for past roles scores the current role holding what it says of now, per word half the best exact word', () => {
    const { score } = build('designers at acme, ex globex', new Map(), true);
    expect(score).toMatch(/\(\(s\.current_role_tsv @@ «[^»]*acme[^»]*»\)::int\) \* 30\b/);
    expect(score).not.toMatch(/s\.current_role_tsv @@ «[^»]*globex/);
    expect(build('former acme designer', new Map(), true).score).not.toContain('s.current_role_tsv @@');
    // Two units said of now: the current role holding both earns what a best role earns, the best exact word each.
    expect(build('designers at acme studio, ex globex', new Map(), true).score).toMatch(/CASE WHEN s\.current_role_tsv @@ «\( \( \( 'acme' \) & \( 'studio' \) \) \)» THEN 2 ELSE 0 END \* 60\b/);
  });

  it('a request for past roles scores a previous role holding what follows "ex", each alternative of an "or" on its own', () => {
    const { score } = build('ex google cloud or shopify', new Map(), true);
    // Previous roles only (the current one, first, skipped); google and cloud: both, each half of 240; shopify alone: 240.
    const role = 's.role_tsvs[1 + (length(s.current_role_tsv) > 0)::int]';
    const googleCloud = `((${role} @@ «( 'google' )»)::int + (${role} @@ «( 'cloud' )»)::int)`;
    const shopify = `((${role} @@ «( 'shopify' | 'shopify':* )»)::int)`;
    const bonus = (points: number) => `GREATEST((CASE WHEN ${googleCloud} >= 2 THEN ${googleCloud} * ${points} / 2 ELSE 0 END), (CASE WHEN ${shopify} >= 1 THEN ${shopify} * ${points} / 1 ELSE 0 END))`;
    expect(score).toContain(bonus(240));
    // A role named first is what is wanted: the former employer earns a word (60).
    const named = build('art directors ex google cloud or shopify', new Map(), true).score;
    expect(named).toContain(bonus(60));
    expect(named).not.toContain(bonus(240));
    // Whole numbers whatever the alternative's length (a cursor binds the score as int): 240 / 7 is no share.
    const seven = build('former alpha beta gamma delta epsilon zeta eta', new Map(), true).score;
    expect(seven).toContain('* 240 / 7 ELSE 0 END');
    expect(seven).not.toMatch(/\d\.\d/);
    expect(build('art directors at google', new Map(), true).score).not.toContain('* 240 /');
  });

  it('an "or" list is one unit: it matches by either alternative and scores its best, each the average of its words', () => {
    const { where, score, top } = build('illustrator at stripe press or asana', new Map(), false);
    // illustrator and the list, both required: stripe and press together, or asana.
    expect(where).toBe(
      "s.text_tsv @@ «( ( 'illustrator' ) & ( ( ( ( 'stripe' ) & ( 'press' ) ) ) | ( ( ( 'asana' ) ) ) ) )»",
    );
    expect(score).toMatch(/GREATEST\(\(CASE WHEN \(s\.text_tsv @@ «\( 'stripe' \)»\)::int \+ \(s\.text_tsv @@ «\( 'press' \)»\)::int >= 2 THEN \(CASE [^]+\) \/ 2 ELSE 0 END\), CASE /);
    // No bonus needs every word, so no top.
    expect(top).toBeNull();
  });

  it('the all-words and phrase bonuses leave out the alternatives of an "or" list, which no one need hold together', () => {
    // "ux" and "ui" are never asked together; "designer" alone is no bonus.
    const alone = build('ux or ui designer').score;
    expect(alone).not.toMatch(/'ux' & 'ui'|'ui' & 'ux'|'ux' <-> 'ui'/);
    expect(alone).not.toContain('ELSE 0 END ELSE');
    // With two words outside the list, those two are asked together.
    const { score } = build('brand designer in berlin or london');
    expect(score).toMatch(/'brand':A <-> 'designer':A/);
    expect(score).not.toMatch(/'berlin'[^»]*'london'/);
  });

  it('an earlier one-letter word is an initial: a prefix of a name word (weight A) only, never of a role', () => {
    const { where, score } = build('G. Boyer', new Map(), true);
    expect(where).toBe("s.text_tsv @@ «( ( 'g' | 'g':*A ) & ( 'boyer' | 'boyer':* ) )»");
    expect(score).toContain(`WHEN s.text_tsv @@ «'g':*A» THEN ${MATCH_TIER_POINTS.prefix * WEIGHTS.A}`);
    expect(score).not.toMatch(/'g':\*[BCD]|'g':\* /);
  });

  it('sets apart the rows that can earn the bonuses, and bounds what every other match can score', () => {
    // One word: nothing to set apart.
    expect(build('acme', new Map(), true).top).toBeNull();
    // Without roles, a word no record holds: no bonus is scored, so nothing is set apart either.
    expect(build('senor designer', new Map([['senor', ['senior']]]), false, new Set(['designer'])).top).toBeNull();
    // Every word in one field exactly, or as a phrase, or every word at the roles' weight.
    const { top } = build('senor product desi', new Map([['senor', ['senior']], ['product', ['products']]]), true, new Set(['product']));
    expect(top!.where).toBe(
      "s.text_tsv @@ «( ( ( 'senor':B | 'senior':B ) & ( 'product':B | 'products':B ) & ( 'desi':B | 'desi':*B ) ) )»",
    );
    // Per word its best pair (senior as a typo in the name 6, product exactly in the name 60, desi as a prefix
    // there 36), roles holding two of the three words (best 2 × 60, current 2 × 30), and a current title made
    // only of words typed (1).
    expect(top!.bound).toBe(6 + 60 + 36 + 2 * 60 + 2 * 30 + 1);
    const held = build('brand designer', new Map(), false).top!;
    expect(held.where).toContain("( 'brand':A & 'designer':A ) | ( 'brand':B & 'designer':B )");
    expect(held.where).toContain("( 'brand' <-> 'designer' )");
    // Two words: no role holds all but one of them with two or more, so only the words themselves.
    expect(held.bound).toBe(60 + 60);
    // "former" is filler that may be part of a name (60), past roles score at half (two of three words: 2 × 30),
    // and a previous role may earn the past-role bonus (4 exact words of the name: 240) holding one word.
    expect(build('former acme designer', new Map(), true).top!.bound).toBe(60 + 60 + 60 + 240);
    expect(build('former acme designer studio', new Map(), true).top!.bound).toBe(3 * 60 + 60 + 2 * 30 + 240);
  });

  it('a place introduced as one ("in Ulaanbaatar") is required beside the words\' minimum, as any word matches', () => {
    const { where, top } = build('brand designer in ulaanbaatar', new Map(), true);
    const [brand, designer, place] = ["( 'brand' )", "( 'designer' )", "( 'ulaanbaatar' | 'ulaanbaatar':* )"];
    expect(where).toBe(`(s.text_tsv @@ «( ( ${brand} & ${designer} ) | ( ${brand} & ${place} ) | ( ${designer} & ${place} ) )» AND s.text_tsv @@ «${place}»)`);
    // The top holds it too: no row outside the place is read first.
    expect(top!.where).toMatch(/ AND s\.text_tsv @@ «\( 'ulaanbaatar' \| 'ulaanbaatar':\* \)»\)$/);
  });

  it('a place word that is no word of the vocabulary is also held in the place weights', () => {
    const q = 'brand designer in ulaanbaatar';
    expect(placeOnlyWords(understandQuery(q))).toEqual([2]);
    const held = " AND s.text_tsv @@ «( 'ulaanbaatar' | 'ulaanbaatar':* )»";
    expect(build(q, new Map(), true, undefined, 'D').where).toContain(`${held} AND s.text_tsv @@ «( 'ulaanbaatar':D | 'ulaanbaatar':*D )»`);
    // Without place weights (a table with no place field) the word is held anywhere.
    const anywhere = build(q, new Map(), true).where;
    expect(anywhere).toContain(held);
    expect(anywhere).not.toContain(':D');
  });

  it('a word of the vocabulary after "in" names the work: a word a match may miss, as any other', () => {
    // "fintech" after "in" is no place: two of the three words, the place among them, as for "… munchen fintech".
    const q = 'produktdesignerin in munchen mit erfahrung in fintech';
    expect(placeOnlyWords(understandQuery(q)).map((i) => understandQuery(q).words[i])).toEqual(['munchen']);
    const where = build(q, new Map(), true, undefined, 'D').where;
    expect(where).not.toMatch(/ AND s\.text_tsv @@ «\( 'fintech'/);
    expect(where).toMatch(/ AND s\.text_tsv @@ «\( 'munchen' \)»/);
  });

  it('an "or" list of places introduced as one: one alternative held in the place weights', () => {
    const q = 'brand designer in ulaanbaatar or reykjavik';
    const listed = build(q, new Map(), true, undefined, 'D');
    // The last word may be cut short: typed last, it is also a prefix.
    expect(listed.where).toContain(" AND (s.text_tsv @@ «( 'ulaanbaatar':D )» OR s.text_tsv @@ «( 'reykjavik':D | 'reykjavik':*D )»)");
    expect(build('brand designer ulaanbaatar or reykjavik', new Map(), true, undefined, 'D').where).not.toContain(' OR s.text_tsv');
  });

  it('an employer the request names is held in the company or place columns; the score is unchanged', () => {
    const q = 'motion designer at deutsche bahn';
    const sqlOf = (employerColumns?: string[]) => {
      const params = new Params();
      const query = understandQuery(q);
      const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map([['bahn', ['bahia']]]) }, weights: WEIGHTS, params, employerColumns, employerWords: employerOnlyWords(query) })!;
      return { where: sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`), score: sql.score };
    };
    const anywhere = sqlOf();
    const held = sqlOf(['s.company_tsv', 's.location_tsv']);
    const column = (word: string) => `(s.company_tsv @@ «${word}» OR s.location_tsv @@ «${word}»)`;
    // A typo of the employer counts (bahia), as in the Elasticsearch engine; the last word may be a prefix.
    expect(held.where).toBe(`(${anywhere.where} AND ${column("( 'deutsche':D )")} AND ${column("( 'bahn':D | 'bahia':D | 'bahn':*D )")})`);
    expect(held.score.replace(/\$\d+/g, '$')).toBe(anywhere.score.replace(/\$\d+/g, '$'));
    // Words the vocabulary holds ("motion", "designer") and kinds of employer ask nothing.
    expect(employerOnlyWords(understandQuery('designers at fintech startups'))).toEqual([]);
  });

  it('a word of the vocabulary after a name is the rest of the name: "at Spotify Research" is not Spotify', () => {
    const held = (q: string) => {
      const query = understandQuery(q);
      return employerOnlyWords(query).map((i) => query.words[i]);
    };
    expect(held('brand designer at Spotify Research')).toEqual(['spotify', 'research']);
    expect(held('designers at google maps platform')).toEqual(['google', 'maps', 'platform']);
    expect(held('a product designer at Canva Print')).toEqual(['canva', 'print']);
    // Before the name, the vocabulary says what kind of employer it is.
    expect(held('designers at fintech startup Monzo')).toEqual(['monzo']);
    expect(held('designers at design studios')).toEqual([]);
    // Another clause is another thing: "at Spotify working on research" names Spotify.
    expect(held('designer at Spotify working on research')).toEqual(['spotify']);
    // After a word asking for past roles, the title follows the employer.
    expect(held('former lego 3d artists')).toEqual(['lego']);
    expect(held('ex Google DeepMind VP of Design')).toEqual(['google', 'deepmind']);
  });

  it('an employer of two words is held whole by one role, or a word of it by the place column', () => {
    const query = understandQuery('designers at spotify research');
    const params = new Params();
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const;
    const employerNames = { names: employerNamesHeld(query), placeColumn: 's.location_tsv' };
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, roleColumns, employerNames })!;
    const where = sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    expect(where).toContain(`(EXISTS (SELECT 1 FROM unnest(s.role_tsvs) AS r WHERE r @@ «( ( 'spotify':D ) & ( 'research':D | 'research':*D ) )») OR s.location_tsv @@ «( ( 'spotify':D ) | ( 'research':D | 'research':*D ) )»)`);
    // Without role columns (open roles), nothing.
    expect(freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params: new Params(), employerNames })!.where).not.toContain('unnest');
  });

  it('an "or" list of employers earns one exact word of the best field where the company or place columns hold one alternative', () => {
    const q = 'art director who has worked at ikea or pineapple studio';
    const params = new Params();
    const query = understandQuery(q);
    const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, employerColumns: ['s.company_tsv'], employerLists: employerListsHeld(query) })!;
    const score = sql.score.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    // "studio", a word of the vocabulary, is the rest of the name after "pineapple".
    expect(score).toContain(`CASE WHEN ((s.company_tsv @@ «( 'ikea':D )»)) OR ((s.company_tsv @@ «( 'pineapple':D )») AND (s.company_tsv @@ «( 'studio':D )»)) THEN ${6 * 10} ELSE 0 END`);
    // A bonus, not a condition.
    const plain = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params: new Params() })!;
    expect(sql.where.replace(/\$\d+/g, '$')).toBe(plain.where.replace(/\$\d+/g, '$'));
  });

  it('a name the request writes is held: two words or more in the naming weights, one word anywhere; the score is unchanged', () => {
    const sqlOf = (q: string, namingWeights?: string) => {
      const params = new Params();
      const query = understandQuery(q);
      const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, namingWeights, nameWords: nameOnlyWords(query) })!;
      return { where: sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`), score: sql.score.replace(/\$\d+/g, '$') };
    };
    const lower = sqlOf('designers blue bottle coffee', 'ABD');
    const named = sqlOf('designers Blue Bottle Coffee', 'ABD');
    expect(named.where).toBe(`(${lower.where} AND s.text_tsv @@ «( 'blue':ABD )» AND s.text_tsv @@ «( 'bottle':ABD )» AND s.text_tsv @@ «( 'coffee':ABD )»)`);
    expect(named.score).toBe(lower.score);
    // One word: anywhere, as the word's own test.
    expect(sqlOf('brand designer Kowalczyk', 'ABD').where).toBe(`(${sqlOf('brand designer kowalczyk').where} AND s.text_tsv @@ «( 'kowalczyk' | 'kowalczyk':* )»)`);
    // A place of the world, however written: in the naming weights.
    const place = sqlOf('brand designers ulaanbaatar', 'ABD');
    expect(place.where).toMatch(/ AND s\.text_tsv @@ «\( 'ulaanbaatar':ABD \| 'ulaanbaatar':\*ABD \)»\)$/);
    expect(sqlOf('brand designer Ulaanbaatar', 'ABD').where).toBe(place.where.replace(/designers/g, 'designer'));
  });

  it('a kind of role named with a word of another trade is held by one role (its vectors, once the text holds both) or the name; without roles, by the title or the company', () => {
    const whereOf = (options: Partial<Parameters<typeof freeTextSql>[0]>) => {
      const params = new Params();
      const query = understandQuery('product manager at stripe');
      const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, qualifiedRoles: qualifiedRoles(query), ...options })!;
      return sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    };
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' as const };
    expect(whereOf({ roleColumns })).toMatch(
      / AND \(\(s\.text_tsv @@ «\( '~manag':B & \( '~product':B \| 'product':B \) \)» AND EXISTS \(SELECT 1 FROM unnest\(s\.role_tsvs\) AS r WHERE r @@ «\( '~manag':A & \( '~product':A \| 'product':D \) \)»\)\) OR s\.text_tsv @@ «'product':A»\)\)$/,
    );
    expect(whereOf({ titleFormWeight: 'A', companyColumn: 's.company_tsv' })).toMatch(
      / AND \(s\.text_tsv @@ «\( '~manag':A & '~product':A \)» OR \(s\.text_tsv @@ «'~manag':A» AND s\.company_tsv @@ «'product'»\)\)\)$/,
    );
  });

  it('a role named by a phrase of the vocabulary is held as one of its phrases in the stemmed weights, or a designer\'s name holds another word', () => {
    const whereOf = (options: Partial<Parameters<typeof freeTextSql>[0]>, q = 'interior designer in berlin') => {
      const params = new Params();
      const query = understandQuery(q);
      const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, formWeights: 'BD', namedRoles: namedRoles(query, conceptSpans(q)), ...options })!;
      return sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    };
    const phrases = "( '~interior':BD <-> '~design':BD ) | ( '~interior':BD <-> '~architect':BD ) | ( '~interior':BD <-> '~architectur':BD )";
    expect(whereOf({})).toContain(` AND s.text_tsv @@ «( ${phrases} )»)`);
    // A designer (role columns) whose name holds another word answers instead; not the place ("Berlinger").
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' as const };
    expect(whereOf({ roleColumns })).toContain(` AND s.text_tsv @@ «( ${phrases} )»)`);
    expect(whereOf({ roleColumns }, 'erik interior designer in berlin')).toContain(`s.text_tsv @@ «( ${phrases} | ( 'erik':A ) )»`);
    // After a word that may start an employer's name, one role may be the head at that employer instead.
    const games = whereOf({ roleColumns }, 'riot games designers');
    expect(games).toContain("OR EXISTS (SELECT 1 FROM unnest(s.role_tsvs) AS r WHERE r @@ «( '~design':A & 'riot':D & 'games':D )»)");
    // An open role: the head in its title's stems and the words in its company.
    const openRole = whereOf({ titleFormWeight: 'B', companyColumn: 's.company_tsv' }, 'riot games designers');
    expect(openRole).toContain("OR (s.text_tsv @@ «'~design':B» AND s.company_tsv @@ «( 'riot' & 'games' )»)");
    // Without the role, nothing is asked.
    expect(whereOf({ namedRoles: [] })).not.toContain("'~interior':BD <->");
  });

  it("a place's name is held within a typo only in the name weight; another name within a typo anywhere it is held", () => {
    const whereOf = (q: string) => {
      const params = new Params();
      const query = understandQuery(q);
      const expansions = new Map([['kyoto', ['koto']], ['bahn', ['bohn']]]);
      const sql = freeTextSql({ column: 's.text_tsv', query, terms: { expansions }, weights: WEIGHTS, params, namingWeights: 'ABD', nameWords: nameOnlyWords(query) })!;
      return sql.where.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    };
    // A (the name) is the best weight: Kyoto within a typo is a name (Koto) there, not a company.
    expect(whereOf('brand designers Kyoto')).toMatch(/ AND s\.text_tsv @@ «\( 'kyoto':ABD \| 'koto':A \| 'kyoto':\*ABD \)»\)$/);
    expect(whereOf('Deutsche Bahn motion designer')).toContain(`s.text_tsv @@ «( 'bahn':ABD | 'bohn':ABD )»`);
  });

  it('a current title whose stems are all among the stems typed earns one point; not in a request for past roles', () => {
    const scoreOf = (q: string) => {
      const params = new Params();
      const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const;
      const sql = freeTextSql({ column: 's.text_tsv', query: understandQuery(q), terms: { expansions: new Map() }, weights: WEIGHTS, params, roleColumns })!;
      return sql.score.replace(/\$(\d+)::[\w[\]]+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    };
    const stems = "ts_filter(s.current_role_tsv, '{a}')";
    // The stems typed, filler included, marked as the role vectors hold them.
    expect(scoreOf('looking for a product designer in quebec')).toContain(
      `(CASE WHEN length(${stems}) > 0 AND length(ts_delete(${stems}, «~product,~design,~quebec,~look,~for,~a,~in»)) = 0 THEN 1 ELSE 0 END)`,
    );
    expect(scoreOf('former product designers')).not.toContain('ts_delete(ts_filter(s.current_role_tsv');
  });

  it('is null without words', () => {
    expect(freeTextSql({ column: 's.text_tsv', query: understandQuery(' '), terms: { expansions: new Map() }, weights: WEIGHTS, params: new Params() })).toBeNull();
  });
});

describe('freeTextSql with the concepts of the query', () => {
  const withConcepts = (q: string) => {
    const params = new Params();
    const roleColumns = { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const;
    const options = { column: 's.text_tsv', query: understandQuery(q), terms: { expansions: new Map() }, weights: WEIGHTS, params, roleColumns, expansions: expandQueryWords(q), formWeights: 'BC' };
    const sql = freeTextSql({ ...options, concepts: conceptSpans(q) })!;
    const inline = (text: string) => text.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    const plain = freeTextSql({ ...options, params: new Params() })!;
    const topParams = new Params();
    const top = freeTextSql({ ...options, params: topParams, concepts: conceptSpans(q), top: true })!.where;
    const topText = top.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(topParams.values[Number(n) - 1])}»`);
    return { score: inline(sql.score), bound: sql.top?.bound, plainBound: plain.top?.bound, top: topText };
  };

  it('scores a concept in the current role\'s title per word, a synonym of it at the form tier, the greatest with the current role\'s own words', () => {
    const { score } = withConcepts('art director');
    const current = 30; // half an exact word of the name (6 × 10) per word
    expect(score).toContain(`CASE WHEN s.current_role_tsv @@ «( ( '~art':${ROLE_FORM_WEIGHT} <-> '~director':${ROLE_FORM_WEIGHT} ) )» THEN ${2 * current} ELSE 0 END`);
    expect(score).toMatch(new RegExp(`CASE WHEN s\\.current_role_tsv @@ «[^»]*'~creativ':${ROLE_FORM_WEIGHT} <-> '~director':${ROLE_FORM_WEIGHT}[^»]*» THEN ${(2 * current * MATCH_TIER_POINTS.form) / MATCH_TIER_POINTS.exact} ELSE 0 END`));
    expect(score).toMatch(/GREATEST\(CASE WHEN s\.current_role_tsv @@ «[^»]+» THEN 2 ELSE 0 END \* 30, CASE WHEN s\.current_role_tsv/);
    // After "former", the previous roles hold it.
    expect(withConcepts('former art directors').score).toMatch(/s\.role_tsvs\[1 \+ \(length\(s\.current_role_tsv\) > 0\)::int:\][^]*'~creativ':A/);
  });

  it('bounds the matches outside the top by the concept, which may exceed the current role\'s own words', () => {
    // Two words: no role outside the top holds two of them, but the current title may hold the concept (2 × 30).
    const phrased = withConcepts('art director');
    expect(phrased.bound! - phrased.plainBound!).toBe(60);
    // Four words: the current role's own words (all but one: 3 × 30) already bound a two-word concept.
    const longer = withConcepts('senior art director lego');
    expect(longer.bound).toBe(longer.plainBound);
    const single = withConcepts('researchers in berlin');
    expect(single.bound! - single.plainBound!).toBe(30);
  });
});

describe('freeTextSql with word forms and synonyms', () => {
  const expanded = (q: string, roles = false) => {
    const params = new Params();
    const sql = freeTextSql({
      column: 's.text_tsv',
      query: understandQuery(q),
      terms: { expansions: new Map() },
      weights: WEIGHTS,
      params,
      expansions: expandQueryWords(q),
      formWeights: 'BC',
      roleColumns: roles ? ({ roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: 'B' } as const) : undefined,
      top: roles,
    })!;
    const inline = (text: string) => text.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
    return { where: inline(sql.where), score: inline(sql.score) };
  };

  it('words typed in another form than a field holds earn the together bonuses by their stems, held by one role at the roles\' weight', () => {
    const { score, where } = expanded('junior designers', true);
    const twoWords = 2 * MATCH_TIER_POINTS.exact;
    // In the description (C): both words, exactly or by their stems, and the stems side by side.
    expect(score).toContain(`WHEN (s.text_tsv @@ «( 'junior':C & 'designers':C )» OR (s.text_tsv @@ «( ( 'junior':C | '~junior':C ) & ( 'designers':C | '~design':C ) )»)) THEN ${twoWords * WEIGHTS.C}`);
    expect(score).toContain(`WHEN s.text_tsv @@ «( ( 'junior':C <-> 'designers':C ) | ( '~junior':C <-> '~design':C ) )» THEN ${twoWords * WEIGHTS.C}`);
    // In the titles (B), which hold every role's, the current role holds both: its title's stems at ROLE_FORM_WEIGHT.
    expect(score).toContain(
      `(s.text_tsv @@ «( ( 'junior':B | '~junior':B ) & ( 'designers':B | '~design':B ) )» AND s.current_role_tsv @@ «( ( 'junior':D | '~junior':${ROLE_FORM_WEIGHT} ) & ( 'designers':D | '~design':${ROLE_FORM_WEIGHT} ) )»)) THEN ${twoWords * WEIGHTS.B}`,
    );
    // The rows that can earn them are in the top.
    expect(where).toContain("( '~junior':B <-> '~design':B )");
    // A request for past roles asks them of the titles as the words typed are: "lego" is no current employer.
    const past = expanded('art directors ex lego', true).score;
    expect(past).toContain("( 'directors':B | '~director':B )");
    expect(past).not.toContain("s.current_role_tsv @@ «( ( 'art':D");
    // Words every field holds as typed ask nothing more.
    const asTyped = expanded('brand lead', true).score;
    expect(asTyped).toContain("( 'brand':C & 'lead':C )");
    expect(asTyped).not.toContain("'brand':C | '~brand':C");
    expect(asTyped).not.toContain("s.current_role_tsv @@ «( ( 'brand':D");
  });

  it('a word matches by its stem in the stemmed fields only, below the word itself', () => {
    const { where, score } = expanded('researchers');
    expect(where).toContain("'~research':BC");
    expect(score).toContain(`WHEN s.text_tsv @@ «'researchers':B» THEN ${MATCH_TIER_POINTS.exact * WEIGHTS.B}`);
    expect(score).toContain(`WHEN s.text_tsv @@ «'~research':B» THEN ${MATCH_TIER_POINTS.form * WEIGHTS.B}`);
    // The name (A) and the location (D) hold no stems.
    expect(score).not.toMatch(/'~research':[AD]/);
    expect(score.indexOf("'researchers':B»")).toBeLessThan(score.indexOf("'~research':B»"));
  });

  it('a phrase of the query matches its synonyms as phrases of stems, below its forms and prefixes', () => {
    const { where, score } = expanded('art director');
    expect(where).toContain("( '~creativ':BC <-> '~director':BC )");
    expect(score).toContain(`THEN ${MATCH_TIER_POINTS.synonym * WEIGHTS.B}`);
    expect(MATCH_TIER_POINTS.synonym).toBeLessThan(MATCH_TIER_POINTS.prefix);
    expect(MATCH_TIER_POINTS.form).toBeLessThan(MATCH_TIER_POINTS.exact);
  });

  it('what a title in another language means matches at the form tier, its equivalents at the synonym tier', () => {
    const { score } = expanded('grafikdesignerin');
    expect(score).toContain(`WHEN s.text_tsv @@ «( '~grafikdesignerin':B | ( '~graphic':B <-> '~design':B ) )» THEN ${MATCH_TIER_POINTS.form * WEIGHTS.B}`);
    expect(score).toContain(`WHEN s.text_tsv @@ «( ( '~graphic':B <-> '~design':B ) | ( '~visual':B <-> '~design':B )`);
    expect(score).not.toContain(`( '~visual':B <-> '~design':B ) )» THEN ${MATCH_TIER_POINTS.form * WEIGHTS.B}`);
  });

  it('a place the request names earns PLACE_BONUS_WORDS exact words of the best field where the record is, and counts outside the top', () => {
    const withPlace = build('brand designer in new york', new Map(), false, undefined, 'D');
    // All its words at the place weight (D); an exact word of the best field is A: 6 x 10.
    const bonus = PLACE_BONUS_WORDS * 60;
    expect(withPlace.score).toContain(`CASE WHEN s.text_tsv @@ «( 'new':D <-> 'york':D )» THEN ${bonus} ELSE 0 END`);
    const without = build('brand designer in new york', new Map(), false, undefined, undefined);
    expect(without.score).not.toContain(`«( 'new':D <-> 'york':D )» THEN ${bonus}`);
    // Any match may be in that place: the bound of the matches outside the top grows by the bonus, and each of the
    // place's words scores at the place weight alone (D: 1 x 10, not A: 6 x 10).
    expect(withPlace.top!.bound - without.top!.bound).toBe(bonus - 2 * (60 - 10));
    expect(withPlace.score).toContain("CASE WHEN NOT s.text_tsv @@ «( 'york' )» THEN 0 WHEN s.text_tsv @@ «'york':D» THEN 10 ELSE");
    // Typed without a marker ("brand designer lyon"), the place earns the same, and the rows holding it are in
    // the top instead: the bound stays that of the words.
    const loose = build('brand designer lyon', new Map(), true, undefined, 'D');
    expect(loose.score).toContain(`CASE WHEN s.text_tsv @@ «( 'lyon':D )» THEN ${bonus} ELSE 0 END`);
    expect(loose.top!.where).toContain("'lyon':D");
    expect(loose.top!.bound).toBe(build('brand designer lyon', new Map(), true, undefined, undefined).top!.bound);
    expect(build('brand designer', new Map(), false, undefined, 'D').score).not.toMatch(new RegExp(`«\\( '\\w+':D( & '\\w+':D)* \\)» THEN ${bonus} ELSE 0 END`));
  });
});

describe('freeTextSql: what a request prefers', () => {
  const sqlOf = (q: string, preferred?: { held: string; words: number }[]) => {
    const params = new Params();
    const query = understandQuery(q);
    return freeTextSql({ column: 's.text_tsv', query, terms: { expansions: new Map() }, weights: WEIGHTS, params, preferred })!;
  };

  it('earns PREFERENCE_BONUS_WORDS exact words of the best field, counted in the bound of the rows outside the top', () => {
    const points = Math.round(PREFERENCE_BONUS_WORDS * WEIGHTS.A * MATCH_TIER_POINTS.exact);
    const preferred = sqlOf('motion designer berlin', [{ held: 's.company_tsv @@ $9::tsquery', words: PREFERENCE_BONUS_WORDS }]);
    expect(preferred.score).toContain(`CASE WHEN s.company_tsv @@ $9::tsquery THEN ${points} ELSE 0 END`);
    const plain = sqlOf('motion designer berlin');
    expect(preferred.where).toBe(plain.where);
    expect(plain.top).not.toBeNull();
    expect(preferred.top!.bound).toBe(plain.top!.bound + points);
  });
});

describe('designerSearchSpec: a skill the request hedges', () => {
  it('earns the preference where the text holds every word of it, typed or by its stem, and no word of it is asked', () => {
    const params = new Params();
    const sql = designerSearchSpec({ q: 'rope designers, ideally knows splices and dyeing' }, NO_QUERY_TERMS).matched(params);
    const held = [...sql.matchAll(/CASE WHEN \(s\.text_tsv @@ \$(\d+)::tsquery\) THEN \d+ ELSE 0 END/g)].map(([, n]) => params.values[Number(n) - 1]);
    expect(held).toEqual(['splices', 'dyeing'].map((word) => `( ( '${word}' | '~${wordForm(word)}':${DESIGNER_FORM_WEIGHTS} ) )`));
    const points = [...sql.matchAll(/CASE WHEN \(s\.text_tsv @@ \$\d+::tsquery\) THEN (\d+) ELSE 0 END/g)].map(([, n]) => Number(n));
    expect(points).toEqual([1, 2].map(() => Math.round(PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS * Math.max(...Object.values(DESIGNER_FIELD_WEIGHTS)) * MATCH_TIER_POINTS.exact)));
    // Nothing else of the request names them: the rows are those of "rope designers".
    expect(params.values.filter((value) => String(value).includes('splices'))).toHaveLength(1);
  });

  it('holds a tool\'s name anywhere but at the companies\' weight: its users, not the staff of Figma Labs', () => {
    const params = new Params();
    designerSearchSpec({ q: 'chart designers, ideally knows figma' }, NO_QUERY_TERMS).matched(params);
    expect(params.values).toContain(`( ( 'figma':ACD | '~${wordForm('figma')}':${DESIGNER_FORM_WEIGHTS} ) )`);
  });
});

describe('designerSearchSpec: an employer the designer worked at, beside a role and a place', () => {
  const q = 'product designers in berlin who worked at canva';
  const sqlOf = (employerHeld: boolean) => designerSearchSpec({ q }, { ...NO_QUERY_TERMS, employerHeld }).matched(new Params());
  const whereOf = (sql: string) => sql.slice(sql.lastIndexOf('WHERE'));

  it('is required where no role of the store had it, and scored, no longer required, where one did', () => {
    expect(whereOf(sqlOf(false))).toContain('s.company_tsv @@');
    expect(whereOf(sqlOf(true))).not.toContain('s.company_tsv @@');
    expect(sqlOf(true)).toContain('s.company_tsv @@');
  });

  it('is looked up by one role\'s company holding every naming word, among listed designers', () => {
    expect(factStatement({ q: 'product designers in berlin who worked at spotify studios' })).toEqual({
      sql: expect.stringMatching(/WHERE s\.listed AND s\.company_tsv @@ \$1::tsquery\s+AND EXISTS \(SELECT 1 FROM unnest\(s\.role_tsvs\) AS r WHERE r @@ \$2::tsquery\)\) AS employer_held, NULL AS place_held$/),
      params: ["( 'spotify' & 'studios' )", `( 'spotify':${ROLE_COMPANY_WEIGHT} & 'studios':${ROLE_COMPANY_WEIGHT} )`],
    });
    expect(factStatement({ q: 'product designers in berlin' })).toBeNull();
  });
});

describe('designerSearchSpec: a place beside a role and an employer the role is at now', () => {
  const q = '3d artists at webflow based in nairobi';
  const whereOf = (sql: string) => sql.slice(sql.lastIndexOf('WHERE'));

  // The tsqueries the WHERE asks, as bound.
  const asked = (placeHeld: boolean) => {
    const params = new Params();
    const where = whereOf(designerSearchSpec({ q }, { ...NO_QUERY_TERMS, placeHeld }).matched(params));
    return [...where.matchAll(/\$(\d+)/g)].map(([, n]) => String(params.values[Number(n) - 1]));
  };

  it('is required where no designer is there, and scored, no longer required, where one is', () => {
    // The place in the location alone (weight D), as a condition.
    expect(asked(false)).toContain("( 'nairobi':D | 'nairobi':*D )");
    expect(asked(true)).not.toContain("( 'nairobi':D | 'nairobi':*D )");
    // The employer the role is at now stays a condition.
    expect(asked(true)).toContain("( 'webflow':D )");
  });

  it('is looked up by a location holding every word of it, among listed designers', () => {
    expect(factStatement({ q })).toEqual({
      sql: 'SELECT NULL AS employer_held, EXISTS (SELECT 1 FROM designer_search s WHERE s.listed AND s.location_tsv @@ $1::tsquery) AS place_held',
      params: ["( 'nairobi' )"],
    });
  });
});
