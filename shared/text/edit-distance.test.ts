import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { cutShort, editDistance, maxEdits, oneEditFrom, typoEdits, withinEditDistance, withinTypoEdits } from './edit-distance.ts';

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

test.prop([word, word, fc.integer({ min: 0, max: 3 })])('withinTypoEdits agrees with typoEdits', (a, b, max) => {
  expect(withinTypoEdits(a, b, max)).toBe(typoEdits(a, b) <= max);
});

test('a change of the first letter costs two edits', () => {
  expect(typoEdits('chen', 'chef')).toBe(1);
  expect(typoEdits('marcia', 'garcia')).toBe(2);
  expect(typoEdits('catalonia', 'patagonia')).toBe(3);
  expect(typoEdits('katherine', 'catherine')).toBe(2);
  // A swap of the first two letters changes the first letter; a doubled first letter does not.
  expect(typoEdits('ohn', 'hon')).toBe(2);
  expect(typoEdits('jjohn', 'john')).toBe(1);
});

// Elasticsearch's typo match (typoOptions): within the allowance with the first letter kept (prefix_length
// 1), or, where the allowance is two, one edit anywhere (prefix_length 0). The Postgres engine's typoEdits
// must accept exactly the same words.
test.prop([word, fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '𝓐'), minLength: 4, maxLength: 9 })])(
  'a typo within the allowance is what Elasticsearch\'s prefix_length clauses accept',
  (a, b) => {
    const [first, ...rest] = [...a];
    const [bFirst, ...bRest] = [...b];
    const kept = first === bFirst && editDistance(rest.join(''), bRest.join('')) <= maxEdits(b);
    const anywhere = maxEdits(b) >= 2 && editDistance(a, b) <= 1;
    expect(typoEdits(a, b) <= maxEdits(b)).toBe(kept || anywhere);
  },
);

describe('oneEditFrom', () => {
  const known = (word: string) => ['senior', 'experienced', 'designer'].includes(word);
  it('finds a known word one letter dropped, added, changed or swapped away, after the first letter', () => {
    for (const word of ['senoir', 'experianced', 'desginer', 'designr', 'designeer']) expect([word, oneEditFrom(word, known)]).toEqual([word, true]);
  });
  it('does not change the first letter, nor find words two edits away', () => {
    for (const word of ['xenior', 'enior', 'dsigenr', 'airbnb']) expect([word, oneEditFrom(word, known)]).toEqual([word, false]);
  });
  const letters = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 2, maxLength: 9 });
  test.prop([letters, fc.nat(), fc.constantFrom('drop', 'add', 'change', 'swap'), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz')])(
    'finds the word back from any one edit after its first letter',
    (target, at, kind, letter) => {
      const k = 1 + (at % target.length);
      const edited =
        kind === 'drop' ? target.slice(0, k) + target.slice(k + 1)
        : kind === 'add' ? target.slice(0, k) + letter + target.slice(k)
        : kind === 'change' ? target.slice(0, k) + letter + target.slice(k + 1)
        : target.slice(0, k) + target.slice(k + 1, k + 2) + target.slice(k, k + 1) + target.slice(k + 2);
      if (edited === target || edited.length === 0) return;
      expect(oneEditFrom(edited, (word) => word === target)).toBe(true);
    },
  );
});
