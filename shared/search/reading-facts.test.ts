import { describe, expect, it } from 'vitest';
import { factsToCarry } from './reading-facts.ts';

describe('factsToCarry', () => {
  it('keeps the facts looked up, true or false, and nothing when none was', () => {
    expect(factsToCarry({ employerHeld: false })).toEqual({ employerHeld: false });
    expect(factsToCarry({ employerHeld: true, placeHeld: undefined })).toEqual({ employerHeld: true });
    expect(factsToCarry({ placeHeld: true })).toEqual({ placeHeld: true });
    expect(factsToCarry({})).toBeUndefined();
    expect(factsToCarry({ employerHeld: undefined, placeHeld: undefined })).toBeUndefined();
  });
});
