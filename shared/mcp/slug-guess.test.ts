import { describe, expect, it } from 'vitest';
import { slugIn } from './slug-guess.ts';

describe('slugIn', () => {
  it('finds the slug at the end of a profile address or path, lower-cased', () => {
    expect(slugIn('http://localhost:3000/designers/geraldine-boyer')).toBe('geraldine-boyer');
    expect(slugIn('https://designers.example/designers/geraldine-boyer/?ref=x#top')).toBe('geraldine-boyer');
    expect(slugIn('/designer/geraldine-boyer')).toBe('geraldine-boyer');
    expect(slugIn('Geraldine-Boyer')).toBe('geraldine-boyer');
    expect(slugIn('ana-lopez')).toBe('ana-lopez');
  });

  it('finds none in a name, an empty value or a path that ends in no slug', () => {
    expect(slugIn('Geraldine Boyer')).toBeNull();
    expect(slugIn('')).toBeNull();
    expect(slugIn('https://designers.example/')).toBeNull();
    expect(slugIn('/designers/ana--lopez')).toBeNull();
    expect(slugIn(`a-${'b'.repeat(300)}`)).toBeNull();
  });
});
