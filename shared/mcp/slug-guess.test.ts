import { describe, expect, it } from 'vitest';
import { namedIn, slugIn } from './slug-guess.ts';

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

describe('namedIn', () => {
  it('finds the words of a name in an address whose last part or q is no slug, or in the value itself', () => {
    expect(namedIn('http://localhost:3000/designer/Geraldine%20Boyer')).toBe('geraldine boyer');
    expect(namedIn('https://localhost:3000/?q=geraldine+boyer#results')).toBe('geraldine boyer');
    expect(namedIn('Geraldine Boyer')).toBe('Geraldine Boyer');
    expect(namedIn('https://x.example/designer/%E0%A4%A')).toBe('e0 a4 a');
    expect(namedIn('---')).toBeNull();
    expect(namedIn('https://x.example/designer/---')).toBeNull();
  });
});
