import { describe, expect, it } from 'vitest';
import { BACKOFF_TYPE, backoffDelay, backoffStrategy } from './backoff.policy.ts';

const policy = { baseMs: 100, capMs: 1000 };

describe('backoffDelay', () => {
  it('doubles the ceiling per attempt, from half of it to all of it', () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, () => 0)).toBe(200);
    expect(backoffDelay(3, policy, () => 1)).toBe(400);
  });

  it('never exceeds the cap, however many attempts failed', () => {
    expect(backoffDelay(30, policy, () => 1)).toBe(1000);
    expect(backoffDelay(30, policy, () => 0)).toBe(500);
  });

  it('spreads retries of the same attempt (jitter)', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4, policy)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(400);
      expect(d).toBeLessThanOrEqual(800);
    }
  });
});

describe('backoffStrategy', () => {
  it('answers for its own type and refuses others', () => {
    const strategy = backoffStrategy(policy);
    expect(strategy(1, BACKOFF_TYPE)).toBeLessThanOrEqual(100);
    expect(() => strategy(1, 'exponential')).toThrow(/Unknown backoff type/);
  });
});
