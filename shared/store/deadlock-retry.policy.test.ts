import { describe, expect, it } from 'vitest';
import { isTransactionTie, RepeatedDeadlockError, retryingDeadlocks } from './deadlock-retry.policy.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

/** A transaction that fails with each of `failures` in turn, then answers. */
function flaky(failures: Error[]) {
  let runs = 0;
  return {
    run: async () => {
      runs += 1;
      const failure = failures[runs - 1];
      if (failure) throw failure;
      return 'done';
    },
    runs: () => runs,
  };
}

describe('retryingDeadlocks', () => {
  const noWait = { delayMs: () => 0 };

  it('runs a transaction Postgres ended as a deadlock or serialization failure again, until it completes', async () => {
    const tx = flaky([pgError('40P01'), pgError('40001'), pgError('40P01')]);
    expect(await retryingDeadlocks(tx.run, noWait)).toBe('done');
    expect(tx.runs()).toBe(4);
  });

  it('gives up after the attempts it is allowed, saying so, with the last error as the cause', async () => {
    const last = pgError('40P01');
    const tx = flaky([pgError('40P01'), last, pgError('40P01')]);
    const error = await retryingDeadlocks(tx.run, { ...noWait, attempts: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RepeatedDeadlockError);
    expect(error).toMatchObject({ attempts: 2, cause: last, message: 'ended by Postgres to break a deadlock on each of 2 runs: pg 40P01' });
    expect(tx.runs()).toBe(2);
  });

  it('never runs again after any other failure', async () => {
    for (const error of [pgError('23505'), pgError('57014'), new Error('no code')]) {
      const tx = flaky([error]);
      await expect(retryingDeadlocks(tx.run, noWait)).rejects.toBe(error);
      expect(tx.runs()).toBe(1);
    }
  });

  it('asks for the wait after each failed run by its number', async () => {
    const waits: number[] = [];
    const tx = flaky([pgError('40P01'), pgError('40P01'), pgError('40P01')]);
    await retryingDeadlocks(tx.run, { delayMs: (attempt) => (waits.push(attempt), 0) });
    expect(waits).toEqual([1, 2, 3]);
  });
});

describe('isTransactionTie', () => {
  it('knows a tie only by its SQLSTATE', () => {
    expect([pgError('40P01'), pgError('40001'), pgError('40000'), { code: 40001 }, null, 'deadlock detected'].map(isTransactionTie)).toEqual([true, true, false, false, false, false]);
  });
});
