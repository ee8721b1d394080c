import levenshtein from 'fast-levenshtein';

/**
 * The one of `values` a caller most likely meant by `given`, or undefined when none is close enough:
 *  1. the same value written another way: case, surrounding blanks, a hyphen or a space for an underscore
 *     (`Brand` → `brand`, `full-time` → `full_time`);
 *  2. a well-known word for a value, from `words` (`ux` → `product`), which no spelling distance could find;
 *  3. a slip of the keys: the one value within two edits (one for short words), when a single one is closest
 *     (`categroy` → `category`, `brnad` → `brand`). Ties suggest nothing rather than guess.
 */
export function closestChoice(values: readonly string[], given: unknown, words: Readonly<Record<string, string>> = {}): string | undefined {
  if (typeof given !== 'string') return undefined;
  const folded = given.trim().toLowerCase();
  const normalised = folded.replace(/[\s-]+/g, '_');
  for (const candidate of [folded, normalised, normalised.replace(/_/g, '')]) {
    if (values.includes(candidate)) return candidate;
  }
  const word = words[folded] ?? words[normalised];
  if (word !== undefined && values.includes(word)) return word;
  if (normalised.length < 3) return undefined;
  const reach = normalised.length < 5 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = reach + 1;
  let tied = false;
  for (const value of values) {
    const distance = levenshtein.get(normalised, value);
    if (distance < bestDistance) [best, bestDistance, tied] = [value, distance, false];
    else if (distance === bestDistance) tied = true;
  }
  return tied ? undefined : best;
}

/** The allowed values, and the one meant when one is close (closestChoice). */
export function choiceMessage(values: readonly string[], given: unknown, words: Readonly<Record<string, string>> = {}): string {
  const allowed = `must be one of ${values.join(', ')}`;
  const meant = closestChoice(values, given, words);
  if (meant === undefined) return allowed;
  const differsInCaseOnly = typeof given === 'string' && given.trim().toLowerCase() === meant;
  return `${allowed}; did you mean "${meant}"?${differsInCaseOnly ? ' Values are lowercase, without spaces' : ''}`;
}
