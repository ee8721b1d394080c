import { describe, expect, it } from 'vitest';
import { buildOpenRole } from '../../domain/open-role.builder.ts';
import { fromOpenRoleSource, toOpenRoleDocument } from './open-role.document.ts';

describe('toOpenRoleDocument', () => {
  const role = buildOpenRole({
    id: 'r-1',
    title: 'Senior Brand Designer',
    company: 'Café Noir',
    location: 'Remote (EU)',
    remote: true,
    employment_type: 'full_time',
    category: 'brand',
    description: 'Shape it.',
    apply_url: 'https://jobs.example/r-1',
    placement: 'featured',
    posted_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2026-01-31T00:00:00.000Z',
  });

  it('ranks featured before standard and folds the search text', () => {
    const doc = toOpenRoleDocument(role);
    expect(doc).toMatchObject({ placement_rank: 0, company: 'cafe noir', location: ['remote eu', 'remote european union', 'remote europe', 'remote emea', 'remotely', 'wfh', 'fernarbeit', 'homeoffice', 'teletrabajo', 'teletravail', 'teletrabalho', 'telelavoro', 'remoto', 'remota'], title: 'senior brand designer' });
    expect(toOpenRoleDocument({ ...role, placement: 'standard' }).placement_rank).toBe(1);
    expect(fromOpenRoleSource(doc)).toBe(role);
  });
});
