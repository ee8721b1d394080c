import type { Db } from '../../shared/store/db.ts';

/**
 * The store, with the first statement inside a transaction that starts with `prefix` (or the nth, with
 * `occurrence`) held until `release()`: a write paused between its steps, so a test can run another write
 * against it at exactly that point. Statements after it, and a write that runs again, pass.
 */
export function pausingBefore(db: Db, prefix: string, { occurrence = 1 }: { occurrence?: number } = {}) {
  let seen = 0;
  let reached!: () => void;
  const paused = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pausing = (tx: Db): Db => ({
    ...tx,
    async query(sql, params) {
      if (sql.trimStart().startsWith(prefix) && (seen += 1) >= occurrence) {
        reached();
        await released;
      }
      return tx.query(sql, params);
    },
    transaction: (fn) => tx.transaction((inner) => fn(pausing(inner))),
  });
  return { db: { ...db, transaction: (fn) => db.transaction((tx) => fn(pausing(tx))) } as Db, paused, release };
}

/** Whether the promise settles within `ms`: false shows a write is waiting (on a lock). */
export const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
