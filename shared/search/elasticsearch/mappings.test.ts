import { describe, expect, it } from 'vitest';
import { buildIndexedDesigner } from '../../domain/designer.builder.ts';
import { buildOpenRole } from '../../domain/open-role.builder.ts';
import { toDesignerDocument } from './designer.document.ts';
import { indexBody, replicaSettings } from './mappings.ts';
import { toOpenRoleDocument } from './open-role.document.ts';

const settings = { shards: 1, replicas: 0, refreshInterval: '1s' };
const propertiesOf = (kind: 'designers' | 'openRoles') => Object.keys(indexBody(kind, settings).mappings.properties ?? {}).sort();

const designer = buildIndexedDesigner(
  {
    id: 'd-1',
    slug: 'ana',
    name: 'Ana',
    website: 'https://ana.example',
    portfolio_preview: 'https://ana.example/p.jpg',
    category: 'brand',
    profile_url: 'https://directory.test/designer/ana',
  },
  { listed_at: '2025-03-01T00:00:00.000Z', version: 1 },
);

const role = buildOpenRole({
  id: 'r-1',
  title: 'Designer',
  company: 'Acme',
  employment_type: 'contract',
  category: 'brand',
  apply_url: 'https://jobs.example/r-1',
  posted_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-31T00:00:00.000Z',
});

// The types already tie each mapping to its document key for key; this holds the built values to it too.
describe('mappings and documents', () => {
  it('designers: the mapping has exactly the fields of the document', () => {
    expect(propertiesOf('designers')).toEqual(Object.keys(toDesignerDocument(designer)).sort());
  });

  it('open roles: the mapping has exactly the fields of the document', () => {
    expect(propertiesOf('openRoles')).toEqual(Object.keys(toOpenRoleDocument(role)).sort());
  });
});

describe('index settings', () => {
  it('creates every index with the configured shards and replicas', () => {
    expect(indexBody('designers', { shards: 3, replicas: 2, refreshInterval: '1s' }).settings).toEqual({
      number_of_shards: 3,
      number_of_replicas: 2,
      auto_expand_replicas: 'false',
      refresh_interval: '1s',
    });
    expect(indexBody('openRoles', { shards: 1, replicas: '0-1', refreshInterval: '1s' }).settings).toEqual({
      number_of_shards: 1,
      auto_expand_replicas: '0-1',
      refresh_interval: '1s',
    });
  });

  it('a fixed number turns auto-expansion off, so it holds on an index that had a range', () => {
    expect(replicaSettings(0)).toEqual({ number_of_replicas: 0, auto_expand_replicas: 'false' });
    expect(replicaSettings('0-all')).toEqual({ auto_expand_replicas: '0-all' });
  });
});
