import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { cutShort, editDistance, maxEdits, withinEditDistance } from './edit-distance.ts';

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '𝓐'), maxLength: 9 });

test.prop([word, word, fc.integer({ min: 0, max: 3 })])('withinEditDistance agrees with editDistance', (a, b, max) => {
  expect(withinEditDistance(a, b, max)).toBe(editDistance(a, b) <= max);
});

test.prop([word, word])('editDistance counts a swap as one edit and is symmetric', (a, b) => {
  expect(editDistance(a, b)).toBe(editDistance(b, a));
  expect(editDistance('ab', 'ba')).toBe(1);
});

test('cutShort: a word of two edits without its last two letters, which is another word, not a typo', () => {
  expect(cutShort('vandenberghe')).toBe('vandenberg');
  expect(cutShort('designer')).toBe('design');
  expect(cutShort('zoë-ølund'.replace('-', ''))).toBe('zoëølu');
  // A word of one edit or none has nothing cut short.
  expect(cutShort('brandt')).toBeNull();
  expect(cutShort('ux')).toBeNull();
});

test.prop([fc.string({ unit: fc.constantFrom('a', 'b', 'é'), minLength: 8, maxLength: 12 })])('the word cut short is within its allowance', (w) => {
  expect(withinEditDistance(cutShort(w)!, w, maxEdits(w))).toBe(true);
});
