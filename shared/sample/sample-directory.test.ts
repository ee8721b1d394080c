import { describe, expect, it } from 'vitest';
import { generateSampleDirectory } from './sample-directory.ts';
import { SAMPLE_COMPANIES, withArticle } from './sample-text.ts';

const sample = generateSampleDirectory({ publicBaseUrl: 'http://localhost:3000/', now: new Date('2026-11-01T00:00:00Z') });

describe('the sample directory', () => {
  it('keeps its size, and the same seed gives the same records', () => {
    expect(sample.designers).toHaveLength(500);
    expect(sample.openRoles).toHaveLength(40);
    const again = generateSampleDirectory({ publicBaseUrl: 'http://localhost:3000/', now: new Date('2026-11-01T00:00:00Z') });
    expect(again).toEqual(sample);
  });

  it('holds the people the docs cite', () => {
    const names = sample.designers.map((d) => d.designer.name);
    expect(names).toContain('Ana López');
    expect(names).toContain('Geraldine Boyer');
    expect(sample.designers.find((d) => d.designer.name === 'Ana López')?.designer.slug).toBe('ana-lopez');
  });

  it('uses the article the title is spoken with', () => {
    expect(withArticle('Illustrator')).toBe('an Illustrator');
    expect(withArticle('Editorial Designer')).toBe('an Editorial Designer');
    expect(withArticle('UX Designer')).toBe('a UX Designer');
    expect(withArticle('UI Engineer')).toBe('a UI Engineer');
    expect(withArticle('3D Artist')).toBe('a 3D Artist');
    expect(withArticle('VP of Design')).toBe('a VP of Design');
    const text = [...sample.designers.map((d) => d.designer.description), ...sample.openRoles.map((r) => r.role.description)].join(' ');
    expect(text).not.toMatch(/\ba [AEIO]/);
    expect(text).not.toMatch(/\ban (?:U[XI]|3D|[B-DF-HJ-NP-TV-Z])/);
  });

  it('writes every open role about its own title and company', () => {
    for (const { role } of sample.openRoles) {
      expect(role.description.startsWith(`${role.company}, `)).toBe(true);
      expect(role.description).toContain(`is hiring ${withArticle(role.title)}.`);
    }
  });

  it('writes bios that name the current role and what its company does, with no filler', () => {
    const about = new Map(SAMPLE_COMPANIES.map((c) => [c.name, c.about]));
    for (const { designer } of sample.designers) {
      if (designer.current_role) expect(designer.description.toLowerCase()).toContain(withArticle(designer.current_role.title).toLowerCase());
      if (designer.current_role) expect(designer.description).toContain(about.get(designer.current_role.company));
      expect(designer.description).not.toMatch(/lorem|undefined|\{s\}|\.\./i);
    }
  });

  it('names companies from its own list, and points previews at the generated artwork', () => {
    const companies = new Set(SAMPLE_COMPANIES.map((c) => c.name));
    for (const { designer } of sample.designers) {
      for (const role of [designer.current_role, ...designer.previous_roles]) if (role) expect(companies.has(role.company)).toBe(true);
      expect(designer.portfolio_preview).toBe(`http://localhost:3000/images/designers/${designer.slug}/preview.svg`);
    }
  });
});
