import { describe, expect, it } from 'vitest';
import { buildDesigner } from '../domain/designer.builder.ts';
import type { Designer } from '../domain/designer.schema.ts';
import { buildOpenRole } from '../domain/open-role.builder.ts';
import type { Page } from '../domain/pagination.ts';
import { renderDesigner, renderDesignerPage, renderOpenRolePage } from './tool-text.renderer.ts';

const ana = buildDesigner({
  id: 'd-1',
  slug: 'ana-lopez',
  name: 'Ana López',
  description: 'Brand designer who shapes brands.',
  website: 'https://ana.example',
  portfolio_preview: 'https://img.example/ana.jpg',
  category: 'brand',
  location: 'Madrid, ES',
  current_role: { title: 'Brand Designer', company: 'Acme', company_url: 'https://acme.example' },
  previous_roles: [{ title: 'Visual Designer', company: 'Globex', company_url: null }],
  profile_url: 'https://directory.example/designer/ana-lopez',
});
const bo: Designer = { ...ana, id: 'd-2', slug: 'bo-kim', name: 'Bo Kim', location: '', current_role: null, previous_roles: [] };

function pageOf<T>(items: T[], p: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, limit: 10, offset: 0, hasMore: false, nextCursor: null, ...p };
}

describe('tool text rendering', () => {
  it('renders a header with the total, one line per designer, and the next call', () => {
    const text = renderDesignerPage(
      { category: 'brand', q: 'ana', limit: 2 },
      pageOf([ana, bo], { total: 5, limit: 2, hasMore: true }),
      { category: 'brand', q: 'ana', limit: 2, offset: 2 },
    );
    expect(text.split('\n')).toEqual([
      '5 designers match for category="brand", q="ana"; showing 1–2:',
      '1. Ana López — brand — Madrid, ES — Brand Designer @ Acme — slug: ana-lopez — id: d-1 — https://directory.example/designer/ana-lopez',
      '2. Bo Kim — brand — location not given — no current role — slug: bo-kim — id: d-2 — https://directory.example/designer/ana-lopez',
      'More results: call search_designers with {"category":"brand","q":"ana","limit":2,"offset":2}',
    ]);
  });

  it('says when there is nothing, with advice on only what the call gave, and when the last page is reached', () => {
    expect(renderDesignerPage({ location: 'Mars' }, pageOf([]), null)).toBe('No designers match for location="Mars". Try a broader location (a country or a region).');
    expect(renderDesignerPage({ company: 'Acme', limit: 10 }, pageOf([]), null)).toBe('No designers match for company="Acme". Try another value.');
    expect(renderDesignerPage({ q: 'zz', location: 'Mars', category: 'brand' }, pageOf([]), null)).toBe(
      'No designers match for q="zz", location="Mars", category="brand". Try fewer filters, a shorter q or a broader location (a country or a region).',
    );
    const last = renderDesignerPage({}, pageOf([ana], { total: 1 }), null).split('\n');
    expect(last[0]).toBe('1 designer matches; showing 1–1:');
    expect(last).toHaveLength(3);
    expect(last[2]).toBe('End of results.');
  });

  it('renders a total-only page (limit=0) with the call for the first page', () => {
    const text = renderDesignerPage({ category: 'motion' }, pageOf([], { total: 12, limit: 0, hasMore: false }), {
      category: 'motion',
      limit: 10,
      offset: 0,
    });
    expect(text).toBe(
      '12 designers match for category="motion"; this page (offset 0, limit 0) holds none of them.\n' +
        'More results: call search_designers with {"category":"motion","limit":10,"offset":0}',
    );
  });

  it('renders one profile with roles, links, slug and id', () => {
    const text = renderDesigner(ana);
    expect(text).toContain('Ana López — brand — Madrid, ES');
    expect(text).toContain('Current role: Brand Designer @ Acme (https://acme.example)');
    expect(text).toContain('Previous roles: Visual Designer @ Globex');
    expect(text).toContain('Profile: https://directory.example/designer/ana-lopez');
    expect(text).toContain('slug: ana-lopez — id: d-1');
  });

  it('renders one line per open role', () => {
    const role = buildOpenRole({
      id: 'r-1',
      title: 'Motion Designer',
      company: 'Acme',
      location: 'Berlin, DE',
      remote: true,
      employment_type: 'contract',
      category: 'motion',
      description: 'Acme is hiring.',
      apply_url: 'https://jobs.acme.example/1',
      placement: 'featured',
      posted_at: '2026-05-01T10:00:00.000Z',
      expires_at: '2026-05-31T10:00:00.000Z',
    });
    expect(renderOpenRolePage({ remote: true }, pageOf([role]), null).split('\n')).toEqual([
      '1 open role matches for remote=true; showing 1–1:',
      '1. Motion Designer @ Acme — Berlin, DE (remote) — contract — motion — featured — posted 2026-05-01, until 2026-05-31 — apply: https://jobs.acme.example/1 — id: r-1',
      'End of results.',
    ]);
  });
});
