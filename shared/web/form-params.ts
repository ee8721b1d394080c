/**
 * The query a page searches with. An HTML form submitted with GET sends every field, empty ones as
 * "name=": the REST API reads an empty category as invalid, while a person leaving a field blank means
 * "any", so blank fields are dropped. Parameters the page has no field for are dropped too: links shared
 * from newsletters, ads and social sites arrive with utm_source, fbclid or gclid, and a person following
 * one expects the page, not an error. The rest is parsed by the API's own schema, so a page URL maps 1:1
 * onto the API's; the JSON API itself stays strict, where a misspelt parameter is a client's bug to report.
 */
export function searchParams(query: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of known) {
    const value = query[key];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    kept[key] = value;
  }
  return kept;
}

/**
 * Characters a page does not show back: control characters (tab and line breaks aside) and noncharacters,
 * which an HTML document may not carry, and the bidirectional embeddings, overrides and isolates, which every
 * public string refuses (text.schema.ts) since they make the text around them display in another order.
 */
const UNSHOWABLE = /(?![\t\n\r])\p{Cc}|\p{Noncharacter_Code_Point}|[\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The values to show back in the form: what was typed, even when invalid; the first of a repeated one. A
 * character a page does not show (a NUL, a lone surrogate, a right-to-left override) is shown as U+FFFD, as
 * the 400 beside it names it.
 */
export function formValues(query: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const raw = query[field];
    const value = Array.isArray(raw) ? raw.find((v) => typeof v === 'string') : raw;
    if (typeof value === 'string') values[field] = value.toWellFormed().replace(UNSHOWABLE, '\uFFFD');
  }
  return values;
}
