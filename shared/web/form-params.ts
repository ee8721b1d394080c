/**
 * An HTML form submitted with GET sends every field, empty ones as "name=". The REST API reads an
 * empty category as invalid, while a person leaving a field blank means "any": blank fields are
 * dropped before the same schema as the API parses the rest, so a page URL maps 1:1 onto the API's.
 */
export function dropBlankParams(query: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    kept[key] = value;
  }
  return kept;
}

/** The values to show back in the form: what was typed, even when invalid; the first of a repeated one. */
export function formValues(query: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const raw = query[field];
    const value = Array.isArray(raw) ? raw.find((v) => typeof v === 'string') : raw;
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}
