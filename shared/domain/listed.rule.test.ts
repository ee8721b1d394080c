import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { listedSql } from '../store/column.sql.ts';
import { MIGRATIONS_DIR } from '../store/migrate.ts';
import { endedFilter, liveFilter } from '../search/elasticsearch/query-clauses.ts';
import { DESIGNER_LISTED_RULE } from './designer.fields.ts';
import { isListed } from './listed.rule.ts';
import { OPEN_ROLE_LISTED_RULE } from './open-role.fields.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const LATER = '2026-03-15T12:00:00.001Z';

async function migrationsText(): Promise<string> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return (await Promise.all(files.map((f) => readFile(`${MIGRATIONS_DIR}/${f}`, 'utf8')))).join('\n');
}

describe('designers: listed means published and opted in', () => {
  it('in code', () => {
    expect(isListed(DESIGNER_LISTED_RULE, { status: 'published', opted_in: true })).toBe(true);
    expect(isListed(DESIGNER_LISTED_RULE, { status: 'published', opted_in: false })).toBe(false);
    expect(isListed(DESIGNER_LISTED_RULE, { status: 'draft', opted_in: true })).toBe(false);
    expect(isListed(DESIGNER_LISTED_RULE, { status: 'hidden', opted_in: true })).toBe(false);
  });

  it('in SQL, exactly the predicate of the partial indices that serve the listed set', async () => {
    expect(listedSql(DESIGNER_LISTED_RULE, 'd')).toBe("(d.status = 'published' AND d.opted_in)");
    const predicates = [...(await migrationsText()).matchAll(/ON designers \(.*\) WHERE (.*);/g)].map((m) => m[1]);
    expect(predicates.length).toBeGreaterThan(0);
    const unqualified = listedSql(DESIGNER_LISTED_RULE, 'd').replace(/\bd\./g, '');
    for (const predicate of predicates) expect(`(${predicate})`).toBe(unqualified);
    expect(liveFilter(DESIGNER_LISTED_RULE)).toEqual([]);
  });
});

describe('open roles: listed means published and not yet expired at the reading instant', () => {
  const role = { status: 'published' as const, expires_at: LATER };

  it('in code, at an instant the caller gives', () => {
    expect(isListed(OPEN_ROLE_LISTED_RULE, role, NOW)).toBe(true);
    expect(isListed(OPEN_ROLE_LISTED_RULE, { ...role, expires_at: NOW.toISOString() }, NOW)).toBe(false);
    expect(isListed(OPEN_ROLE_LISTED_RULE, { ...role, expires_at: new Date(LATER) }, NOW)).toBe(true);
    expect(isListed(OPEN_ROLE_LISTED_RULE, { ...role, status: 'draft' }, NOW)).toBe(false);
    expect(() => isListed(OPEN_ROLE_LISTED_RULE, role)).toThrow(/pass the instant/);
  });

  it('in SQL and in Elasticsearch, the same comparison with the instant as a parameter', () => {
    expect(listedSql(OPEN_ROLE_LISTED_RULE, 'o', '$3')).toBe("(o.status = 'published' AND o.expires_at > $3)");
    expect(() => listedSql(OPEN_ROLE_LISTED_RULE, 'o')).toThrow(/pass the instant/);
    expect(liveFilter(OPEN_ROLE_LISTED_RULE, NOW)).toEqual([{ range: { expires_at: { gt: NOW.toISOString() } } }]);
    expect(endedFilter(OPEN_ROLE_LISTED_RULE, NOW)).toEqual({ range: { expires_at: { lte: NOW.toISOString() } } });
  });
});
