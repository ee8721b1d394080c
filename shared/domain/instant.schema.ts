import { z } from 'zod';

/** How far ahead of this server's clock a "when it happened" instant may be: clocks drift. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** The earliest instant a record may carry; anything older is a typo. */
export const EARLIEST_INSTANT = '1990-01-01T00:00:00Z';

const isoDateTime = () => z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset, such as 2026-01-31T09:00:00Z' });

/**
 * An instant that has already happened (listed_at, posted_at). A future value would pin its record to
 * the top of "newest first" until that date, so it is refused, not clamped.
 */
export function pastInstant(now: () => number = Date.now) {
  return isoDateTime().refine((v) => Date.parse(v) >= Date.parse(EARLIEST_INSTANT), { error: `must not be before ${EARLIEST_INSTANT}` }).refine(
    (v) => Date.parse(v) <= now() + CLOCK_SKEW_MS,
    { error: 'must not be in the future' },
  );
}
