import { describe, expect, it } from 'vitest';
import { admission } from './load-shedding.middleware.ts';

describe('admission: each client its share of the in-flight bound, the heaviest refused first', () => {
  const bounds = { maxInFlight: 8, maxInFlightPerClient: 2 };

  it('admits a client up to its bound, then refuses it (client-share) whatever room is left', () => {
    expect(admission({ total: 0, held: 0 }, 1, bounds)).toBe('admit');
    expect(admission({ total: 1, held: 1 }, 1, bounds)).toBe('admit');
    expect(admission({ total: 2, held: 2 }, 1, bounds)).toBe('client-share');
  });

  it('judges a batch by all its messages at once', () => {
    expect(admission({ total: 0, held: 0 }, 2, bounds)).toBe('admit');
    expect(admission({ total: 0, held: 0 }, 3, bounds)).toBe('client-share');
    expect(admission({ total: 1, held: 1 }, 2, bounds)).toBe('client-share');
  });

  it('keeps the last places for clients holding nothing: a client already served is refused them, a new one is admitted', () => {
    // 6 of 8 held: the two last places are the reserve.
    expect(admission({ total: 6, held: 1 }, 1, bounds)).toBe('client-share');
    expect(admission({ total: 6, held: 0 }, 1, bounds)).toBe('admit');
    expect(admission({ total: 7, held: 0 }, 1, bounds)).toBe('admit');
    expect(admission({ total: 5, held: 1 }, 1, bounds)).toBe('admit');
  });

  it('refuses everyone past the global bound (in-flight)', () => {
    expect(admission({ total: 8, held: 0 }, 1, bounds)).toBe('in-flight');
    expect(admission({ total: 8, held: 1 }, 1, bounds)).toBe('in-flight');
  });

  it('keeps no reserve when one client may hold the whole bound', () => {
    const whole = { maxInFlight: 4, maxInFlightPerClient: 4 };
    expect(admission({ total: 3, held: 3 }, 1, whole)).toBe('admit');
    expect(admission({ total: 3, held: 0 }, 1, whole)).toBe('admit');
    expect(admission({ total: 4, held: 0 }, 1, whole)).toBe('in-flight');
  });
});
