import { describe, expect, it } from 'vitest';
import { intendedSlug, profileSearchWords } from './profile-address.ts';

describe('intendedSlug', () => {
  it('is the lowercase slug of a capitalised address, and nothing for one already lowercase or no slug at all', () => {
    expect(intendedSlug('Ana-Lopez')).toBe('ana-lopez');
    expect(intendedSlug('ANA-LOPEZ-2')).toBe('ana-lopez-2');
    expect(intendedSlug('ana-lopez')).toBeNull();
    expect(intendedSlug('Ana_Lopez')).toBeNull();
    expect(intendedSlug('Ana--Lopez')).toBeNull();
    expect(intendedSlug('Ána-López')).toBeNull();
    expect(intendedSlug(`A${'a'.repeat(120)}`)).toBeNull();
  });
});

describe('profileSearchWords', () => {
  it('keeps the letters and digits of any script as lowercase words', () => {
    expect(profileSearchWords('ana-lpez')).toBe('ana lpez');
    expect(profileSearchWords('Zoë_Müller--3d')).toBe('zoë müller 3d');
    expect(profileSearchWords('<b>ana</b>')).toBe('b ana b');
    expect(profileSearchWords('李-小龍')).toBe('李 小龍');
  });

  it('is nothing for an address without a letter or digit, and at most a q of 200 characters', () => {
    expect(profileSearchWords('---')).toBeNull();
    expect(profileSearchWords('\u0000\u0001')).toBeNull();
    expect(profileSearchWords('ab-'.repeat(100))!.length).toBeLessThanOrEqual(200);
    expect(profileSearchWords('ab-'.repeat(100))!.endsWith(' ')).toBe(false);
  });
});
