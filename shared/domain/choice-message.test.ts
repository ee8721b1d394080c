import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { choiceMessage, closestChoice } from './choice-message.ts';

const VALUES = ['full_time', 'part_time', 'contract', 'freelance', 'internship'] as const;
const CATEGORIES = ['product', 'brand', 'graphic', 'motion', '3d', 'director', 'engineer'] as const;

describe('closestChoice', () => {
  it('finds the value written another way: case, blanks, hyphens or spaces for underscores', () => {
    expect(closestChoice(VALUES, ' Full-Time ')).toBe('full_time');
    expect(closestChoice(VALUES, 'part time')).toBe('part_time');
    expect(closestChoice(VALUES, 'fulltime')).toBe('full_time');
  });

  it('finds a well-known word for a value, which spelling alone could not', () => {
    expect(closestChoice(CATEGORIES, 'ux', { ux: 'product' })).toBe('product');
    expect(closestChoice(CATEGORIES, 'UX', { ux: 'product' })).toBe('product');
    expect(closestChoice(CATEGORIES, 'ux')).toBeUndefined();
  });

  it('finds a slip of the keys, and nothing for a word far from every value', () => {
    expect(closestChoice(['q', 'category', 'location'], 'categroy')).toBe('category');
    expect(closestChoice(CATEGORIES, 'brnad')).toBe('brand');
    expect(closestChoice(CATEGORIES, 'painter')).toBeUndefined();
    expect(closestChoice(CATEGORIES, 'x')).toBeUndefined();
  });

  it('suggests nothing when two values are equally close', () => {
    expect(closestChoice(['cart', 'card'], 'carx')).toBeUndefined();
  });

  it('a value that is not a string has no suggestion', () => {
    expect(closestChoice(VALUES, 42)).toBeUndefined();
    expect(choiceMessage(VALUES, ['a'])).toBe('must be one of full_time, part_time, contract, freelance, internship');
  });

  test.prop([fc.constantFrom(...VALUES, ...CATEGORIES), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), fc.constantFrom('_', '-', ' ')])(
    'any allowed value, recased and with another separator, is the one suggested',
    (value, upper, separator) => {
      const given = [...value.replace(/_/g, separator)].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
      const values = (VALUES as readonly string[]).includes(value) ? VALUES : CATEGORIES;
      expect(closestChoice(values, given)).toBe(value);
    },
  );

  test.prop([fc.constantFrom(...VALUES), fc.nat(), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz')])(
    'one letter of an allowed value changed: that value is suggested',
    (value, at, letter) => {
      const i = at % value.length;
      const given = value.slice(0, i) + letter + value.slice(i + 1);
      expect(closestChoice(VALUES, given)).toBe(value);
    },
  );

  test.prop([fc.string({ maxLength: 30 })])('whatever is given, a suggestion is one of the allowed values', (given) => {
    const meant = closestChoice(CATEGORIES, given, { ux: 'product' });
    if (meant !== undefined) expect(CATEGORIES).toContain(meant);
  });
});
