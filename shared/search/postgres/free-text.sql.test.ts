import { describe, expect, it } from 'vitest';
import { understandQuery } from '../query-words.ts';
import { freeTextSql, MATCH_TIER_POINTS } from './free-text.sql.ts';
import { Params } from './sql-builder.ts';

const WEIGHTS = { A: 6, B: 4, C: 2, D: 1 } as const;

function build(q: string, expansions = new Map<string, string[]>(), roles = false) {
  const params = new Params();
  const sql = freeTextSql('s.text_tsv', understandQuery(q), expansions, WEIGHTS, params, roles ? { roles: 's.role_tsvs', current: 's.current_role_tsv' } : undefined)!;
  /** The SQL with its bind values spelt out, to read what it asks. */
  const inline = (text: string) => text.replace(/\$(\d+)::\w+/g, (_, n: string) => `«${String(params.values[Number(n) - 1])}»`);
  return { where: inline(sql.where), score: inline(sql.score) };
}

describe('freeTextSql', () => {
  it('one or two content words: all must match, through the index (one tsquery)', () => {
    const { where } = build('a designer at acme');
    expect(where).toBe("s.text_tsv @@ «( ( 'designer' ) & ( 'acme' | 'acme':* ) )»");
  });

  it('from three words: any word through the index, and a count of matched words of at least the required number', () => {
    const { where } = build('brand designer spotify');
    expect(where).toContain("s.text_tsv @@ «( ( 'brand' ) | ( 'designer' ) | ( 'spotify' | 'spotify':* ) )»");
    expect(where).toMatch(/\)::int \+ \(.*\)::int \+ \(.*\)::int\) >= 2$/);
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
    expect(score).toContain('FROM unnest(s.role_tsvs) AS r');
    expect(score).toContain('s.current_role_tsv @@');
    expect(build('acme', new Map(), true).score).not.toContain('role_tsvs');
    // "former …" asks for past roles: previous roles score instead of the current one.
    expect(build('former acme designer', new Map(), true).score).toContain('s.role_tsvs[2:]');
  });

  it('is null without words', () => {
    expect(freeTextSql('s.text_tsv', understandQuery(' '), new Map(), WEIGHTS, new Params())).toBeNull();
  });
});
