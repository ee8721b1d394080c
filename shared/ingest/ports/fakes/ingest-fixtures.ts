import { buildIndexedDesigner } from '../../../domain/designer.builder.ts';
import type { IndexedDesigner } from '../../../domain/designer.schema.ts';
import { buildIndexedOpenRole } from '../../../domain/open-role.builder.ts';
import type { IndexedOpenRole } from '../../../domain/open-role.schema.ts';
import { InMemoryRows, type VersionClock } from './in-memory-rows.test-support.ts';

/** A valid search-ready designer; the version is set by the rows that hold it. */
export function designer(id: string, name = `Designer ${id}`): IndexedDesigner {
  return buildIndexedDesigner(
    {
      id,
      slug: `designer-${id}`,
      name,
      description: 'Builds identity systems.',
      website: `https://${id}.example`,
      portfolio_preview: `https://${id}.example/p.jpg`,
      category: 'brand',
      location: 'Zürich, CH',
    },
    { listed_at: '2025-03-01T00:00:00.000Z', version: 0, publicBaseUrl: 'https://directory.test' },
  );
}

/** A valid search-ready open role expiring at `expiresAt`. */
export function openRole(id: string, expiresAt = '2099-01-01T00:00:00.000Z'): IndexedOpenRole {
  return buildIndexedOpenRole(
    {
      id,
      location: 'Berlin',
      remote: true,
      description: 'Design the product.',
      apply_url: `https://acme.example/jobs/${id}`,
      posted_at: '2025-03-01T00:00:00.000Z',
      expires_at: expiresAt,
    },
    0,
  );
}

export function designerRows(clock: VersionClock): InMemoryRows<IndexedDesigner> {
  return new InMemoryRows(clock, 'designer', (d) => d.designer.id, (d, version) => ({ ...d, version }));
}

export function openRoleRows(clock: VersionClock): InMemoryRows<IndexedOpenRole> {
  return new InMemoryRows(clock, 'open role', (r) => r.role.id, (r, version) => ({ ...r, version }));
}
