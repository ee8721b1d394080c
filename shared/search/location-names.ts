import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries/index.js';

// English only: the package's Node entry registers all 80 languages, a megabyte of JSON parsed at start-up.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

/** Codes people write that ISO 3166 does not give a country (the United Kingdom as UK, the EU), with their names. */
const EXTRA_CODES: Readonly<Record<string, { iso?: string; names: readonly string[] }>> = {
  UK: { iso: 'GB', names: ['United Kingdom', 'Great Britain', 'Britain'] },
  EU: { names: ['European Union', 'Europe'] },
};

/** A name as a location may carry it: letters, spaces, apostrophes and hyphens ("U.S.A." and "Korea, Republic of" are left out). */
const PLAIN_NAME = /^\p{L}[\p{L}' -]*$/u;

/** Per code as written (ISO or extra), its names; per folded name, its code. Built once, on first use. */
let tables: { names: Map<string, string[]>; codes: Map<string, string> } | undefined;

function countryTables(): NonNullable<typeof tables> {
  if (tables) return tables;
  const names = new Map<string, string[]>();
  const codes = new Map<string, string>();
  const add = (code: string, list: readonly string[]) => {
    const kept = [...new Set(list.filter((name) => PLAIN_NAME.test(name) && name.toUpperCase() !== code))];
    names.set(code, kept);
    for (const name of kept) if (!/^[A-Z]{2}$/.test(name) && !codes.has(name.toLowerCase())) codes.set(name.toLowerCase(), code);
  };
  const iso = countries.getNames('en', { select: 'all' });
  for (const [code, extra] of Object.entries(EXTRA_CODES)) add(code, [...(extra.iso ? [extra.iso, ...(iso[extra.iso] ?? [])] : []), ...extra.names]);
  for (const [code, list] of Object.entries(iso)) if (!names.has(code)) add(code, list);
  return (tables = { names, codes });
}

/**
 * The names a location is searched by, for both engines: the location as written, then the same with its
 * country in each other form, so a place given by country code is found by the country's name and the
 * other way round. "Munich, DE" is also "Munich, Germany"; "Remote (US)" also "Remote (United States)" and
 * "Remote (USA)"; "Berlin, Germany" also "Berlin, DE". Each is its own value, so a phrase never spans two.
 *
 * Only the last part is read as a country, since a location is "city and country": after the last comma,
 * inside trailing brackets, or the whole location. In "Dover, DE" the code is read as Germany, as
 * `location=DE` already matched it. Names are ISO 3166's (i18n-iso-countries), in English.
 */
export function locationNames(location: string | null | undefined): string[] {
  if (!location) return [];
  const { before, country, after } = splitCountry(location);
  return [location, ...otherForms(country).map((other) => `${before}${other}${after}`)];
}

function splitCountry(location: string): { before: string; country: string; after: string } {
  const trimmed = location.trimEnd();
  const bracketed = trimmed.endsWith(')') ? trimmed.lastIndexOf('(') : -1;
  const start = bracketed >= 0 ? bracketed + 1 : location.lastIndexOf(',') + 1;
  const end = bracketed >= 0 ? trimmed.length - 1 : location.length;
  const part = location.slice(start, end);
  const lead = part.length - part.trimStart().length;
  const body = part.trim();
  return { before: location.slice(0, start + lead), country: body, after: location.slice(start + lead + body.length) };
}

/** A country code's names, or a country name's code and other names; nothing for what is neither. */
function otherForms(country: string): string[] {
  const { names, codes } = countryTables();
  if (/^[A-Z]{2}$/.test(country)) return names.get(country) ?? [];
  const code = codes.get(country.toLowerCase());
  if (!code) return [];
  return [code, ...(names.get(code) ?? []).filter((name) => name.toLowerCase() !== country.toLowerCase())];
}
