import { ReindexTestPauseSchema } from '../../config/reindex-test-pause.schema.ts';
import type { ReindexOptions, ReindexPhase } from '../jobs/reindex.job.ts';

export const REINDEX_TEST_PAUSED_MARK = 'reindex-test-paused';

/**
 * A test hook for crash tests: the rebuild stops at a chosen point, says so on stdout, and waits there
 * until the process is killed (or its job cancelled), so a kill -9 lands at a known step instead of at a
 * timing guess. Honoured only when REINDEX_TEST_PAUSE_AT is set; once per process.
 */
export function reindexTestPause(
  at: string | undefined,
  signal?: AbortSignal,
  announce: (line: string) => void = (line) => process.stdout.write(line),
): Pick<ReindexOptions, 'onPhase' | 'onAdvance'> {
  if (!at) return {};
  const [phase, fraction] = ReindexTestPauseSchema.parse(at).split('@') as [ReindexPhase, string | undefined];
  let paused = false;
  const hold = (detail: string): Promise<void> => {
    paused = true;
    announce(`${REINDEX_TEST_PAUSED_MARK} ${at} ${detail}\n`);
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
