import { z } from 'zod';

/**
 * REINDEX_TEST_PAUSE_AT (crash tests only): `loading@0.33` (a fraction of the rows loaded), `replaying`,
 * `swapping` (just before the atomic alias action) or `catching-up` (just after it). Config owns the
 * format so that it validates the variable without reaching into the ingest pipeline; the hook that
 * honours it is shared/ingest/runtime/reindex-test-pause.ts.
 */
export const ReindexTestPauseSchema = z
  .string()
  .regex(/^(loading@(0(\.\d+)?|1(\.0+)?)|replaying|swapping|catching-up)$/, {
    error: 'loading@<fraction 0..1>, replaying, swapping or catching-up',
  });
