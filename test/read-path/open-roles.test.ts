import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenRole } from '../../shared/domain/open-role.schema.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { requireServices } from '../support/services.ts';
import { appDeps, idsOf, type ListBody, openRole, query, ReadPathFixture, RunningApp } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

const DAY = 86_400_000;
const NOW = new Date();

const ROLES = [
  openRole(
    {
      id: 'r-brand-feat',
      placement: 'featured',
      postedDaysAgo: 2,
      title: 'Senior Brand Designer',
      company: 'Acme Studio',
      location: 'Remote (EU)',
      remote: true,
      employment_type: 'full_time',
      category: 'brand',
      description: 'Shape the identity of a design tool.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-product',
      postedDaysAgo: 1,
      title: 'Product Designer',
      company: 'Initech',
      location: 'San Francisco, US',
      remote: false,
      employment_type: 'contract',
      category: 'product',
      description: 'Own onboarding end to end.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-motion',
      postedDaysAgo: 5,
      title: 'Motion Designer',
      company: 'Umbrella',
      location: 'Zürich, CH',
      remote: false,
      employment_type: 'part_time',
      category: 'motion',
      description: 'Animate product launches.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-expired',
      postedDaysAgo: 40,
      expiresInDays: -10,
      title: 'Brand Designer',
      company: 'Acme Studio',
      location: 'Remote (EU)',
      remote: true,
      employment_type: 'full_time',
      category: 'brand',
      description: 'An old listing.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-expired-featured',
      placement: 'featured',
      postedDaysAgo: 31,
      expiresInDays: -1,
      title: 'Design Engineer',
      company: 'Hooli',
      location: 'Remote (US)',
      remote: true,
      employment_type: 'freelance',
      category: 'engineer',
      description: 'An old featured listing.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-eng-feat',
      placement: 'featured',
      postedDaysAgo: 10,
      title: 'Design Engineer',
      company: 'Hooli',
      location: 'Remote (US)',
      remote: true,
      employment_type: 'freelance',
      category: 'engineer',
      description: 'Build the design system in code.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-director',
      postedDaysAgo: 0.125,
      title: 'Head of Design',
      company: 'Globex Corporation',
      location: 'Austin, TX',
      remote: false,
      employment_type: 'full_time',
      category: 'director',
      description: 'Lead a team of twelve.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-intern',
      postedDaysAgo: 3,
      title: 'Junior 3D Artist',
      company: 'Pixel Forge',
      location: 'Brussels, BE',
      remote: false,
      employment_type: 'internship',
      category: '3d',
      description: 'Learn real-time rendering.',
    },
    NOW,
  ),
  openRole(
    {
      id: 'r-soon',
      postedDaysAgo: 29.9,
      expiresInDays: 0.1,
      title: 'Graphic Designer',
      company: 'Café Noir',
      location: 'Paris, FR',
      remote: false,
      employment_type: 'full_time',
      category: 'graphic',
      description: 'Posters and menus.',
    },
    NOW,
  ),
];

/** Featured first (newest first among them), then standard, newest first. Expired ones are absent. */
const LIVE_IN_ORDER = ['r-brand-feat', 'r-eng-feat', 'r-director', 'r-product', 'r-intern', 'r-motion', 'r-soon'];

type Params = Record<string, string | number | boolean | undefined>;

describe.skipIf(!services)('GET /api/v1/open-roles on a real Elasticsearch', () => {
  let fx: ReadPathFixture;

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'open_roles');
    await fx.load({ openRoles: ROLES });
  });

  afterAll(async () => {
    await fx?.dispose();
  });

  async function list(params: Params, app: RunningApp = fx.app) {
    const response = await app.get<ListBody<OpenRole>>(`/api/v1/open-roles${query(params)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.success).toBe(true);
    return response.body;
  }
  const ids = async (params: Params) => idsOf(await list(params));
  const sorted = async (params: Params) => (await ids(params)).sort();

  it('lists live open roles only: featured first, then newest', async () => {
    const body = await list({});
    expect(idsOf(body)).toEqual(LIVE_IN_ORDER);
    expect(body.meta).toEqual({ total: LIVE_IN_ORDER.length, limit: 50, offset: 0, has_more: false, next_cursor: null });
  });

  it('returns each open role as it was written', async () => {
    const body = await list({ limit: 100 });
    for (const role of body.data) expect(role).toEqual(ROLES.find((r) => r.role.id === role.id)!.role);
  });

  describe('expired open roles are never returned', () => {
    it('not by a filter that only they match', async () => {
      expect(await ids({ q: 'old listing' })).toEqual([]);
      expect(await ids({ company: 'hooli' })).toEqual(['r-eng-feat']);
      expect(await ids({ company: 'acme', category: 'brand', remote: true })).toEqual(['r-brand-feat']);
    });

    it('not in the total, nor at the end of a cursor walk', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const body = await list({ limit: 2, cursor });
        seen.push(...idsOf(body));
        expect(body.meta.total).toBe(LIVE_IN_ORDER.length);
        if (!body.meta.next_cursor) break;
        cursor = body.meta.next_cursor;
      }
      expect(seen).toEqual(LIVE_IN_ORDER);
    });

    it('what counts as expired follows the clock: a day later r-soon has gone, two days earlier the old featured one is back', async () => {
      const search = new ElasticsearchSearchRepository(fx.client, fx.names);
      const later = await RunningApp.start(appDeps(search, { now: () => new Date(NOW.getTime() + DAY) }));
      const earlier = await RunningApp.start(appDeps(search, { now: () => new Date(NOW.getTime() - 2 * DAY) }));
      try {
        expect(idsOf(await list({}, later))).toEqual(LIVE_IN_ORDER.filter((id) => id !== 'r-soon'));
        expect(idsOf(await list({}, earlier))).toEqual(['r-brand-feat', 'r-eng-feat', 'r-expired-featured', ...LIVE_IN_ORDER.slice(2)]);
      } finally {
        await later.close();
        await earlier.close();
      }
    });
  });

  describe('each filter alone', () => {
    it('q over title, company and description, typo-tolerant, last word as prefix', async () => {
      // "designer" has 8 letters, so two edits are allowed: "Head of Design" matches too.
      expect(await sorted({ q: 'designer' })).toEqual(['r-brand-feat', 'r-director', 'r-eng-feat', 'r-motion', 'r-product', 'r-soon']);
      expect(await ids({ q: 'initech' })).toEqual(['r-product']);
      expect(await ids({ q: 'rendering' })).toEqual(['r-intern']);
      expect(await ids({ q: 'head of des' })).toEqual(['r-director']);
      expect(await ids({ q: 'umbrela' })).toEqual(['r-motion']);
      expect(await ids({ q: 'cafe' })).toEqual(['r-soon']);
    });

    it('category, with the plural aliases', async () => {
      expect(await ids({ category: 'brand' })).toEqual(['r-brand-feat']);
      expect(await ids({ category: 'director' })).toEqual(['r-director']);
      expect(await ids({ category: 'directors' })).toEqual(['r-director']);
      expect(await ids({ category: 'engineers' })).toEqual(['r-eng-feat']);
      expect(await ids({ category: '3d' })).toEqual(['r-intern']);
    });

    it('location: US matches "San Francisco, US" and "Remote (US)" but not "Austin, TX" or "Brussels, BE"', async () => {
      expect(await ids({ location: 'US' })).toEqual(['r-eng-feat', 'r-product']);
      expect(await ids({ location: 'remote' })).toEqual(['r-brand-feat', 'r-eng-feat']);
      expect(await ids({ location: 'zurich' })).toEqual(['r-motion']);
      expect(await ids({ location: 'san fran' })).toEqual(['r-product']);
      expect(await ids({ location: 'cisco' })).toEqual([]);
    });

    it('company: whole words or word prefixes in order, accent-insensitive, never inside a word', async () => {
      expect(await ids({ company: 'globex corp' })).toEqual(['r-director']);
      expect(await ids({ company: 'GLOB' })).toEqual(['r-director']);
      expect(await ids({ company: 'lobex' })).toEqual([]);
      expect(await ids({ company: 'corporation globex' })).toEqual([]);
      expect(await ids({ company: 'CAFÉ noir' })).toEqual(['r-soon']);
    });

    it('remote', async () => {
      expect(await ids({ remote: true })).toEqual(['r-brand-feat', 'r-eng-feat']);
      expect(await ids({ remote: false })).toEqual(['r-director', 'r-product', 'r-intern', 'r-motion', 'r-soon']);
    });

    it('employment_type', async () => {
      expect(await ids({ employment_type: 'internship' })).toEqual(['r-intern']);
      expect(await ids({ employment_type: 'contract' })).toEqual(['r-product']);
      expect(await ids({ employment_type: 'part_time' })).toEqual(['r-motion']);
      expect(await ids({ employment_type: 'freelance' })).toEqual(['r-eng-feat']);
      expect(await ids({ employment_type: 'full_time' })).toEqual(['r-brand-feat', 'r-director', 'r-soon']);
    });
  });

  describe('filters combine with AND', () => {
    it('pairs and triples', async () => {
      expect(await ids({ remote: true, category: 'engineer' })).toEqual(['r-eng-feat']);
      expect(await ids({ remote: false, employment_type: 'full_time' })).toEqual(['r-director', 'r-soon']);
      expect(await ids({ location: 'US', remote: false })).toEqual(['r-product']);
      expect(await ids({ company: 'hooli', remote: false })).toEqual([]);
      expect(await ids({ q: 'designer', remote: false, employment_type: 'contract' })).toEqual(['r-product']);
    });

    it('all six at once, and any one of them failing empties the result', async () => {
      const all = {
        q: 'product',
        category: 'product',
        location: 'san francisco',
        company: 'initech',
        remote: false,
        employment_type: 'contract',
      };
      expect(await ids(all)).toEqual(['r-product']);
      for (const [key, wrong] of Object.entries({
        q: 'motion',
        category: 'brand',
        location: 'paris',
        company: 'hooli',
        remote: true,
        employment_type: 'full_time',
      })) {
        expect(await ids({ ...all, [key]: wrong }), key).toEqual([]);
      }
    });

    it('with q, featured open roles still come first', async () => {
      const body = await list({ q: 'designer' });
      expect(idsOf(body).slice(0, 2)).toEqual(['r-brand-feat', 'r-eng-feat']);
    });
  });

  describe('paging', () => {
    it('limit is clamped to 100 and limit=0 returns only meta.total', async () => {
      expect((await list({ limit: 500 })).meta.limit).toBe(100);
      const none = await list({ limit: 0 });
      expect(none.data).toEqual([]);
      expect(none.meta.total).toBe(LIVE_IN_ORDER.length);
    });

    it('has_more at the boundaries', async () => {
      expect((await list({ limit: LIVE_IN_ORDER.length })).meta.has_more).toBe(false);
      expect((await list({ limit: LIVE_IN_ORDER.length - 1 })).meta.has_more).toBe(true);
      const tail = await list({ limit: 3, offset: LIVE_IN_ORDER.length - 3 });
      expect(idsOf(tail)).toEqual(LIVE_IN_ORDER.slice(-3));
      expect(tail.meta.has_more).toBe(false);
    });

    it('a cursor walk with q sees every match once', async () => {
      const expected = await sorted({ q: 'designer' });
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const body = await list({ q: 'designer', limit: 2, cursor });
        seen.push(...idsOf(body));
        if (!body.meta.next_cursor) break;
        cursor = body.meta.next_cursor;
      }
      expect(seen.sort()).toEqual(expected);
    });
  });
});
