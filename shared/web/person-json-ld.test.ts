import { describe, expect, it } from 'vitest';
import { buildDesigner } from '../domain/designer.builder.ts';
import { jsonForScript, personJsonLd } from './person-json-ld.ts';

const designer = buildDesigner({
  id: 'd1',
  slug: 'ana-lopez',
  name: 'Ana López',
  description: 'Builds calm interfaces.',
  website: 'https://ana.example',
  portfolio_preview: 'https://images.example/ana.jpg',
  category: 'product',
  location: 'San Francisco, US',
  current_role: { title: 'Product Designer', company: 'Acme', company_url: 'https://acme.example' },
  profile_url: 'https://directory.example/designer/ana-lopez',
});

describe('personJsonLd', () => {
  it('describes the designer as a schema.org Person at the profile URL', () => {
    expect(personJsonLd(designer, designer.profile_url)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      '@id': designer.profile_url,
      url: designer.profile_url,
      name: 'Ana López',
      description: 'Builds calm interfaces.',
      image: 'https://images.example/ana.jpg',
      sameAs: ['https://ana.example'],
      knowsAbout: 'UI/UX and digital products',
      homeLocation: { '@type': 'Place', name: 'San Francisco, US' },
      jobTitle: 'Product Designer',
      worksFor: { '@type': 'Organization', name: 'Acme', url: 'https://acme.example' },
    });
  });

  it('leaves out the job and place when there are none', () => {
    const ld = personJsonLd({ ...designer, current_role: null, location: '' }, designer.profile_url);
    expect(ld).not.toHaveProperty('jobTitle');
    expect(ld).not.toHaveProperty('worksFor');
    expect(ld).not.toHaveProperty('homeLocation');
  });
});

describe('jsonForScript', () => {
  it('cannot close its script element, and still parses to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & <!--', line: '\u2028' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
