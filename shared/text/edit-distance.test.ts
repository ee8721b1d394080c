import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { editDistance, withinEditDistance } from './edit-distance.ts';

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '𝓐'), maxLength: 9 });

test.prop([word, word, fc.integer({ min: 0, max: 3 })])('withinEditDistance agrees with editDistance', (a, b, max) => {
  expect(withinEditDistance(a, b, max)).toBe(editDistance(a, b) <= max);
});

test.prop([word, word])('editDistance counts a swap as one edit and is symmetric', (a, b) => {
  expect(editDistance(a, b)).toBe(editDistance(b, a));
  expect(editDistance('ab', 'ba')).toBe(1);
});
