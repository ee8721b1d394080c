import { z } from 'zod';
import type { ReindexOptions, ReindexPhase } from '../../../shared/ingest/jobs/reindex.job.ts';

export const REINDEX_PAUSED_MARK = 'reindex-test-paused';

/** The variable the crash tests' worker entry reads (paused-worker.main.ts); the shipped worker reads none. */
export const REINDEX_PAUSE_ENV = 'REINDEX_PAUSE_AT';

/**
 * Where to stop: `loading@0.33` (a fraction of the rows loaded), `replaying`, `swapping` (just before the
 * atomic alias action) or `catching-up` (just after it).
 */
export const ReindexPauseSchema = z
  .string()
  .regex(/^(loading@(0(\.\d+)?|1(\.0+)?)|replaying|swapping|catching-up)$/, {
    error: 'loading@<fraction 0..1>, replaying, swapping or catching-up',
  });

/**
 * A rebuild observer for crash tests: the rebuild stops at a chosen point, says so on stdout, and waits
 * there until the process is killed (or its job cancelled), so a kill -9 lands at a known step instead of
 * at a timing guess. Once per process.
 */
export function reindexPause(
  at: string | undefined,
  signal?: AbortSignal,
  announce: (line: string) => void = (line) => process.stdout.write(line),
): Pick<ReindexOptions, 'onPhase' | 'onAdvance'> {
  if (!at) return {};
  const [phase, fraction] = ReindexPauseSchema.parse(at).split('@') as [ReindexPhase, string | undefined];
  let paused = false;
  const hold = (detail: string): Promise<void> => {
    paused = true;
    announce(`${REINDEX_PAUSED_MARK} ${at} ${detail}\n`);
    return new Promise((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  };
  if (phase === 'loading') {
    const threshold = Number(fraction);
    return {
      onAdvance: (kind, done, total) => (!paused && total > 0 && done / total >= threshold ? hold(`${kind} ${done}/${total}`) : undefined),
    };
  }
  return { onPhase: (kind, current) => (!paused && current === phase ? hold(kind) : undefined) };
}
