import type { IndexedDesigner } from '../../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../../domain/open-role.schema.ts';
import { InMemoryRows, type VersionClock } from './in-memory-rows.fake.ts';

/** A valid search-ready designer; the version is set by the rows that hold it. */
export function designer(id: string, name = `Designer ${id}`): IndexedDesigner {
  return {
    designer: {
      id,
      slug: `designer-${id}`,
      name,
      description: 'Builds identity systems.',
      website: `https://${id}.example`,
      portfolio_preview: `https://${id}.example/p.jpg`,
      category: 'brand',
      location: 'Zürich, CH',
      current_role: null,
      previous_roles: [],
      profile_url: `https://directory.test/designer/designer-${id}`,
    },
    listed_at: '2025-03-01T00:00:00.000Z',
    version: 0,
  };
}

/** A valid search-ready open role expiring at `expiresAt`. */
export function openRole(id: string, expiresAt = '2099-01-01T00:00:00.000Z'): IndexedOpenRole {
  return {
    role: {
      id,
      title: 'Product Designer',
      company: 'Acme',
      company_url: null,
      location: 'Berlin',
      remote: true,
      employment_type: 'full_time',
      category: 'product',
      description: 'Design the product.',
      apply_url: `https://acme.example/jobs/${id}`,
      placement: 'standard',
      posted_at: '2025-03-01T00:00:00.000Z',
      expires_at: expiresAt,
    },
    version: 0,
  };
}

export function designerRows(clock: VersionClock): InMemoryRows<IndexedDesigner> {
  return new InMemoryRows(clock, 'designer', (d) => d.designer.id, (d, version) => ({ ...d, version }));
}

export function openRoleRows(clock: VersionClock): InMemoryRows<IndexedOpenRole> {
  return new InMemoryRows(clock, 'open role', (r) => r.role.id, (r, version) => ({ ...r, version }));
}
