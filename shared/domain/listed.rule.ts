/**
 * What "listed" means for an entity, in a form every engine renders: the SQL of the store and the
 * Postgres search (listedSql), the Elasticsearch query (liveFilter) and plain code (isListed).
 *
 * Which clock: the instant being listed is judged against is always given by the caller, and on every read
 * path it is the application's clock (DirectoryService's now, the repositories' now). Elasticsearch has
 * no database clock, both engines must answer one request with one instant, and tests freeze it.
 */
export interface ListedRule<State extends object, Instant extends string = never> {
  /** The curator state a listed record holds; a record without it is never indexed nor shown. */
  readonly state: Readonly<Partial<State>>;
  /** The instant field a record stays listed until: it is listed only while that lies after the reading instant. */
  readonly liveUntil?: Instant;
}

function millis(value: unknown): number {
  return value instanceof Date ? value.getTime() : Date.parse(String(value));
}

/** Whether a record (a row, or state and listed fields read from one) is listed at `now`. */
export function isListed<S extends object, I extends string>(
  rule: ListedRule<S, I>,
  record: Readonly<Partial<S> & Partial<Record<I, unknown>>>,
  now?: Date,
): boolean {
  const state = Object.entries(rule.state).every(([field, value]) => (record as Record<string, unknown>)[field] === value);
  if (!state || rule.liveUntil === undefined) return state;
  if (!now) throw new Error(`being listed depends on the clock (${rule.liveUntil}): pass the instant`);
  return millis((record as Record<string, unknown>)[rule.liveUntil]) > now.getTime();
}
