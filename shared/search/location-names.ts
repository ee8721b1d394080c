import { createRequire } from 'node:module';
import { type TContinentCode, type TCountryCode, continents, countries as countryFacts } from 'countries-list';
import countries from 'i18n-iso-countries/index.js';
import { fold, tokenize } from '../text/fold.ts';
import { REMOTE_WORK_TRANSLATIONS, REMOTE_WORK_WORDS } from '../text/synonyms.rules.ts';

// English only: the package's Node entry registers all 80 languages, a megabyte of JSON parsed at start-up.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

/** Codes people write that ISO 3166 does not give a country (the United Kingdom as UK, the EU), with their names. */
const EXTRA_CODES: Readonly<Record<string, { iso?: string; names: readonly string[]; regions?: readonly string[] }>> = {
  UK: { iso: 'GB', names: ['United Kingdom', 'Great Britain', 'Britain'] },
  EU: { names: ['European Union', 'Europe'], regions: ['EMEA'] },
};

/**
 * The regions people search by that no continent gives. A country's continent comes from countries-list;
 * the groupings below are ours. Russia and Türkiye, which countries-list places in Asia, are in Europe too
 * (and so in EMEA, not APAC); Timor-Leste, which it places in Oceania, is in Southeast Asia, and so in Asia.
 */
const ALSO_ON: Readonly<Record<string, TContinentCode>> = { RU: 'EU', TR: 'EU', TL: 'AS' };
const MIDDLE_EAST = new Set(['AE', 'BH', 'CY', 'EG', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'TR', 'YE']);
const NORDICS = new Set(['DK', 'FI', 'IS', 'NO', 'SE']);
const SCANDINAVIA = new Set(['DK', 'NO', 'SE']);
/**
 * The groupings of countries recruiters write beside the continents, each with the names it goes by: the
 * parts of Europe, Asia and Africa as the UN's geoscheme draws them, and the trade and language areas
 * (DACH, Benelux, the Gulf).
 */
const COUNTRY_GROUPS: readonly { names: readonly string[]; codes: ReadonlySet<string> }[] = [
  { names: ['DACH'], codes: new Set(['AT', 'CH', 'DE']) },
  { names: ['Benelux'], codes: new Set(['BE', 'LU', 'NL']) },
  { names: ['Iberia', 'Iberian Peninsula'], codes: new Set(['ES', 'PT']) },
  { names: ['Baltics', 'Baltic States'], codes: new Set(['EE', 'LT', 'LV']) },
  { names: ['Balkans'], codes: new Set(['AL', 'BA', 'BG', 'GR', 'HR', 'ME', 'MK', 'RS', 'SI', 'XK']) },
  { names: ['British Isles', 'UK and Ireland'], codes: new Set(['GB', 'IE']) },
  { names: ['Western Europe'], codes: new Set(['AT', 'BE', 'CH', 'DE', 'FR', 'LI', 'LU', 'MC', 'NL']) },
  { names: ['Northern Europe'], codes: new Set(['DK', 'EE', 'FI', 'GB', 'IE', 'IS', 'LT', 'LV', 'NO', 'SE']) },
  { names: ['Southern Europe'], codes: new Set(['AD', 'AL', 'BA', 'ES', 'GR', 'HR', 'IT', 'ME', 'MK', 'MT', 'PT', 'RS', 'SI', 'SM', 'VA']) },
  { names: ['Eastern Europe'], codes: new Set(['BG', 'BY', 'CZ', 'HU', 'MD', 'PL', 'RO', 'RU', 'SK', 'UA']) },
  { names: ['Central Europe'], codes: new Set(['AT', 'CH', 'CZ', 'DE', 'HU', 'LI', 'PL', 'SI', 'SK']) },
  { names: ['East Asia'], codes: new Set(['CN', 'HK', 'JP', 'KP', 'KR', 'MN', 'MO', 'TW']) },
  { names: ['Southeast Asia'], codes: new Set(['BN', 'ID', 'KH', 'LA', 'MM', 'MY', 'PH', 'SG', 'TH', 'TL', 'VN']) },
  { names: ['South Asia'], codes: new Set(['AF', 'BD', 'BT', 'IN', 'LK', 'MV', 'NP', 'PK']) },
  { names: ['Central Asia'], codes: new Set(['KG', 'KZ', 'TJ', 'TM', 'UZ']) },
  { names: ['Gulf', 'GCC'], codes: new Set(['AE', 'BH', 'KW', 'OM', 'QA', 'SA']) },
  { names: ['Australasia'], codes: new Set(['AU', 'NZ']) },
  { names: ['West Africa'], codes: new Set(['BF', 'BJ', 'CI', 'CV', 'GH', 'GM', 'GN', 'GW', 'LR', 'ML', 'MR', 'NE', 'NG', 'SL', 'SN', 'TG']) },
  { names: ['East Africa'], codes: new Set(['BI', 'DJ', 'ER', 'ET', 'KE', 'RW', 'SO', 'SS', 'TZ', 'UG']) },
  { names: ['North Africa'], codes: new Set(['DZ', 'EG', 'LY', 'MA', 'SD', 'TN']) },
];
/**
 * Regions spelt with the words of a narrower region they reach beyond, by the one name locations hold them by:
 * "Asia Pacific" holds "Asia", which Sydney is not in; "South East Asia" holds "East Asia", which Singapore is
 * not in. Held under these spellings, "designers in asia" found Sydney and "in east asia" Singapore. A request
 * or a location filter that spells a region so reads it by its name (withRegionNames).
 */
const REGION_SPELLINGS: readonly { words: readonly string[]; name: string }[] = [
  { words: ['asia', 'pacific'], name: 'APAC' },
  { words: ['asiapac'], name: 'APAC' },
  { words: ['south', 'east', 'asia'], name: 'Southeast Asia' },
];
const REGION_SPELLING = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${REGION_SPELLINGS.map(({ words }) => words.join(String.raw`[\s\-–]+`)).join('|')})(?![\p{L}\p{N}])`,
  'giu',
);

/** The text with each region spelt with a narrower region's words (REGION_SPELLINGS) written by its name: "Asia-Pacific" → "APAC". */
export function withRegionNames(text: string): string {
  return text.replace(REGION_SPELLING, (spelt) => {
    const words = tokenize(spelt).join(' ');
    return REGION_SPELLINGS.find((region) => region.words.join(' ') === words)?.name ?? spelt;
  });
}

/** Names people write for a country that neither ISO 3166 nor the country's own name gives. */
const OTHER_COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = { NL: ['Holland'] };
/** In the Americas and speaking Spanish or Portuguese: Mexico to Argentina, Puerto Rico, not the US or Canada. */
const LATIN_LANGUAGES = new Set(['es', 'pt']);

/**
 * Names of one city, any of which finds the others: the short forms people write (NYC, SF), the English and
 * local names where they differ by more than accents (which fold.ts already equates), and the names the
 * languages the synonym list maps titles from give large cities.
 */
const CITY_NAMES: readonly (readonly string[])[] = [
  // NY is how the US writes New York (the state's code; no country has it).
  ['New York', 'New York City', 'NYC', 'NY', 'Nueva York', 'Nova York', 'Nova Iorque'],
  ['San Francisco', 'SF'],
  ['Los Angeles', 'LA'],
  ['Bengaluru', 'Bangalore'],
  ['Mumbai', 'Bombay'],
  ['Chennai', 'Madras'],
  ['Kolkata', 'Calcutta'],
  // German's umlauts as typed without them: ü is ue (folding already equates ü with u).
  // Then the names Spanish, German, French, Portuguese and Italian give the city, where
  // they differ from its English and local names: "diseñadora gráfica en Londres", "Grafikdesigner Mailand".
  ['Munich', 'München', 'Muenchen', 'Múnich', 'Munique'],
  ['Cologne', 'Köln', 'Koeln'],
  ['Nuremberg', 'Nürnberg', 'Nuernberg', 'Norimberga'],
  ['Zurich', 'Zuerich', 'Zurigo', 'Zurique'],
  ['Dusseldorf', 'Duesseldorf'],
  ['Vienna', 'Wien', 'Viena', 'Vienne'],
  ['Prague', 'Praha', 'Praga', 'Prag'],
  ['Warsaw', 'Warszawa', 'Varsovia', 'Warschau', 'Varsovie', 'Varsóvia'],
  ['Lisbon', 'Lisboa', 'Lissabon', 'Lisbonne', 'Lisbona'],
  ['Rome', 'Roma'],
  ['Milan', 'Milano', 'Mailand', 'Milán', 'Milão'],
  ['Florence', 'Firenze', 'Florencia', 'Florenz'],
  ['Naples', 'Napoli', 'Nápoles', 'Neapel'],
  ['Turin', 'Torino', 'Turim'],
  ['Venice', 'Venezia', 'Venecia', 'Venedig', 'Venise', 'Veneza'],
  ['Copenhagen', 'København', 'Copenhague', 'Kopenhagen', 'Copenaghen'],
  ['Stockholm', 'Estocolmo', 'Stoccolma'],
  ['Gothenburg', 'Göteborg'],
  ['The Hague', 'Den Haag', 'La Haya', 'La Haye'],
  ['Brussels', 'Bruxelles', 'Brussel', 'Bruselas', 'Brüssel', 'Bruxelas'],
  ['Antwerp', 'Antwerpen', 'Amberes', 'Anvers', 'Anversa'],
  ['Geneva', 'Genève', 'Genf', 'Ginebra', 'Ginevra', 'Genebra'],
  ['Basel', 'Basilea', 'Bâle', 'Basileia'],
  ['Seville', 'Sevilla', 'Siviglia', 'Sevilha'],
  ['Barcelona', 'Barcelone', 'Barcellona'],
  ['Marseille', 'Marseilles', 'Marsella', 'Marsiglia', 'Marselha'],
  ['Berlin', 'Berlim', 'Berlino'],
  ['Hamburg', 'Hamburgo', 'Amburgo', 'Hambourg'],
  ['Frankfurt', 'Fráncfort', 'Francfort', 'Francoforte'],
  ['London', 'Londres', 'Londra'],
  ['Paris', 'Parigi'],
  ['Edinburgh', 'Edimburgo', 'Édimbourg'],
  ['Dublin', 'Dublino'],
  ['Athens', 'Athina', 'Atenas', 'Athen', 'Athènes', 'Atene'],
  ['Moscow', 'Moskva', 'Moscú', 'Moskau', 'Moscou', 'Mosca'],
  ['Kraków', 'Cracovia', 'Krakau', 'Cracovie', 'Cracóvia'],
  ['Bucharest', 'Bucarest', 'Bukarest', 'Bucareste'],
  ['Istanbul', 'Estambul', 'Istambul'],
  ['Kyiv', 'Kiev'],
  ['Beijing', 'Pekín', 'Peking', 'Pékin', 'Pechino', 'Pequim'],
  ['Tokyo', 'Tokio', 'Tóquio'],
  ['Seoul', 'Seúl'],
  ['Singapore', 'Singapur', 'Singapour', 'Singapura'],
  ['Cape Town', 'Ciudad del Cabo', 'Kapstadt', 'Cidade do Cabo', 'Città del Capo'],
  ['Philadelphia', 'Filadelfia', 'Filadélfia'],
  ['New Orleans', 'Nueva Orleans', 'La Nouvelle-Orléans'],
  ['Ho Chi Minh City', 'Saigon'],
  ['Mexico City', 'Ciudad de México', 'CDMX', 'Mexiko-Stadt', 'Cidade do México', 'Città del Messico'],
  ['Tel Aviv', 'Tel Aviv-Yafo', 'Tel Aviv-Jaffa'],
];

/** Areas people search by that hold several cities: each of these cities is also in the area. */
const AREAS: Readonly<Record<string, readonly string[]>> = {
  'Bay Area': ['San Francisco', 'Oakland', 'Berkeley', 'San Jose', 'Palo Alto', 'Mountain View', 'Menlo Park', 'Sunnyvale', 'Cupertino', 'Redwood City', 'Santa Clara', 'Fremont'],
  'Silicon Valley': ['San Jose', 'Palo Alto', 'Mountain View', 'Menlo Park', 'Sunnyvale', 'Cupertino', 'Redwood City', 'Santa Clara'],
};

/**
 * States, provinces and the nations of the UK that people search by ("designers in California", "in
 * England"), per country code: each city is also in its area, when its location's country is that one (so
 * "London, CA" stays in Canada). Only cities whose name is not also a large city elsewhere in the country.
 */
const AREAS_BY_COUNTRY: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  US: {
    California: ['San Francisco', 'Los Angeles', 'San Diego', 'Oakland', 'Berkeley', 'San Jose', 'Palo Alto', 'Mountain View', 'Menlo Park', 'Sunnyvale', 'Cupertino', 'Redwood City', 'Santa Clara', 'Fremont', 'Sacramento', 'Santa Monica', 'Irvine'],
    Texas: ['Austin', 'Dallas', 'Houston', 'San Antonio'],
    Massachusetts: ['Boston', 'Cambridge', 'Somerville'],
    Illinois: ['Chicago'],
    Colorado: ['Denver', 'Boulder'],
    Florida: ['Miami', 'Orlando', 'Tampa'],
    // Also a country's name: "atlanta georgia" names the state, which its cities hold (namesRegion).
    Georgia: ['Atlanta', 'Savannah'],
  },
  GB: {
    England: ['London', 'Manchester', 'Bristol', 'Leeds', 'Brighton', 'Liverpool', 'Oxford', 'Cambridge', 'Sheffield', 'Birmingham', 'Nottingham'],
    Scotland: ['Edinburgh', 'Glasgow', 'Aberdeen', 'Dundee'],
    Wales: ['Cardiff', 'Swansea'],
  },
  CA: { Ontario: ['Toronto', 'Ottawa', 'Waterloo'], Quebec: ['Montreal', 'Quebec City'], 'British Columbia': ['Vancouver', 'Victoria'] },
  DE: { Bavaria: ['Munich', 'Nuremberg'] },
  ES: { Catalonia: ['Barcelona'], Andalusia: ['Seville', 'Malaga'] },
  IT: { Lombardy: ['Milan'] },
  AU: { 'New South Wales': ['Sydney'], Victoria: ['Melbourne'], Queensland: ['Brisbane'] },
};

/**
 * Cities of at least this many people (city-timezones' 7,300 cities of the world) are places a request may name
 * without a word that introduces one ("brand designers ulaanbaatar", "motion designer tromso"): about 5,300 of
 * them. Below it the list holds more towns named like words of a request.
 */
const PLACE_NAME_MIN_PEOPLE = 20_000;
/** The shortest place name of one word read without a marker: shorter ones are words ("man", "van") and codes. */
const PLACE_NAME_MIN_LETTERS = 4;
/** Cities named like words a request for a designer uses ("reading", "nice", "split", "mobile"): never read as a place without a marker. */
const PLACE_NAMES_LIKE_WORDS: ReadonlySet<string> = new Set([
  'reading', 'nice', 'split', 'tours', 'springs', 'hail', 'male', 'colon', 'mobile', 'bath', 'independence', 'bend', 'temple', 'flint', 'natal', 'mesa',
  'orange', 'concord', 'superior', 'turbo', 'tame', 'eureka', 'tongue', 'laurel', 'registro',
]);

/** A name as a location may carry it: letters (with their marks), spaces, apostrophes and hyphens ("U.S.A." and "Korea, Republic of" are left out). */
export const PLAIN_NAME = /^\p{L}[\p{L}\p{M}' -]*$/u;

/** A country code as written: two capital letters. */
const isCode = (text: string) => /^[A-Z]{2}$/.test(text);

interface Form {
  text: string;
  folded: string;
}

interface Tables {
  /** Per code as written (ISO or extra): the code, the country's names and its regions, distinct after folding. */
  countries: Map<string, Form[]>;
  /** Per folded name, its code. */
  codes: Map<string, string>;
  /** Per folded city name, the city's other names and the areas it lies in. */
  cities: Map<string, string[]>;
  /** Per code as written, the country's name of fewest words (no code, no region): what the code alone matches. */
  countryName: Map<string, string>;
  /** Per code and folded city name (code, NUL, city), the areas of that country the city lies in (AREAS_BY_COUNTRY). */
  countryAreas: Map<string, string[]>;
}

let tables: Tables | undefined;
let placeNames: { names: Set<string>; longest: number } | undefined;

/**
 * The folded names of the places of the world a request may name without a marker: the cities of
 * city-timezones (PLACE_NAME_MIN_PEOPLE) and each country's capital (countries-list), in every form they are
 * written; each country's names and regions; the cities, areas and states above.
 */
function placeNameTable(): { names: Set<string>; longest: number } {
  if (placeNames) return placeNames;
  const { codes, countries: forms, cities } = locationTables();
  const world = createRequire(import.meta.url)('city-timezones').cityMapping as readonly { city: string; city_ascii: string; pop: number }[];
  const all = [
    ...world.filter((c) => c.pop >= PLACE_NAME_MIN_PEOPLE).flatMap((c) => [c.city, c.city_ascii]),
    ...Object.values(countryFacts).map((facts) => facts.capital),
    ...codes.keys(),
    ...[...forms.values()].flat().map((form) => form.text),
    ...cities.keys(),
    ...Object.keys(AREAS),
    ...Object.values(AREAS_BY_COUNTRY).flatMap((areas) => Object.keys(areas)),
  ];
  const names = new Set<string>();
  for (const name of all) {
    const words = tokenize(name);
    if (words.length === 0 || (words.length === 1 && (words[0]!.length < PLACE_NAME_MIN_LETTERS || PLACE_NAMES_LIKE_WORDS.has(words[0]!)))) continue;
    names.add(words.join(' '));
  }
  return (placeNames = { names, longest: Math.max(...[...names].map((name) => name.split(' ').length)) });
}

/**
 * How many of `words` (folded, as tokenize gives them), from `from` on, are the longest name of a place of
 * the world (placeNameTable) at most `max` words long: 0 when none starts there. "ulaanbaatar", "new york",
 * "rio de janeiro" and "scandinavia" are places; "canva", "reading" and a code ("la") are not.
 */
export function placeNameAt(words: readonly string[], from: number, max = Number.POSITIVE_INFINITY): number {
  const { names, longest } = placeNameTable();
  for (let count = Math.min(longest, max, words.length - from); count > 0; count--) {
    if (names.has(words.slice(from, from + count).join(' '))) return count;
  }
  return 0;
}

/** Built once, on first use; locationNames runs for every document the worker indexes, so the folding is done here. */
function locationTables(): Tables {
  if (tables) return tables;
  const forms = new Map<string, Form[]>();
  const codes = new Map<string, string>();
  const countryName = new Map<string, string>();
  const add = (code: string, list: readonly string[], inRegions: readonly string[]) => {
    const names = distinct(list.filter((name) => PLAIN_NAME.test(name) && name.toUpperCase() !== code));
    forms.set(code, distinct([code, ...names, ...inRegions]).map((text) => ({ text, folded: fold(text) })));
    const words = (name: string) => name.split(' ').length;
    const [fewest] = names.filter((name) => !isCode(name)).sort((a, b) => words(a) - words(b));
    if (fewest) countryName.set(code, fewest);
    for (const name of names) if (!isCode(name) && !codes.has(fold(name))) codes.set(fold(name), code);
  };
  const iso = countries.getNames('en', { select: 'all' });
  const everyName = (code: string) => [...(iso[code] ?? []), ...nativeNames(code), ...(OTHER_COUNTRY_NAMES[code] ?? [])];
  for (const [code, extra] of Object.entries(EXTRA_CODES)) {
    add(code, [...(extra.iso ? [extra.iso, ...everyName(extra.iso)] : []), ...extra.names], extra.regions ?? (extra.iso ? regionsOf(extra.iso) : []));
  }
  for (const code of Object.keys(iso)) if (!forms.has(code)) add(code, everyName(code), regionsOf(code));

  const cities = new Map<string, string[]>();
  const link = (city: string, others: readonly string[]) => {
    const key = fold(city);
    cities.set(key, distinct([...(cities.get(key) ?? []), ...others.filter((o) => fold(o) !== key)]));
  };
  for (const group of CITY_NAMES) for (const city of group) link(city, group);
  for (const [area, members] of Object.entries(AREAS)) for (const city of members) link(city, [area]);
  const countryAreas = new Map<string, string[]>();
  for (const [code, areas] of Object.entries(AREAS_BY_COUNTRY)) {
    for (const [area, members] of Object.entries(areas)) {
      for (const city of members) {
        for (const name of [city, ...(cities.get(fold(city)) ?? [])]) {
          const key = `${code}\u0000${fold(name)}`;
          countryAreas.set(key, distinct([...(countryAreas.get(key) ?? []), area]));
        }
      }
    }
  }
  return (tables = { countries: forms, codes, cities, countryName, countryAreas });
}

/**
 * What a code of one or two letters means as a location, as whole names: a name of the country it is the
 * code of and the names of the city it is the short form of. "de" is Germany; "la" is Laos and Los Angeles.
 * Empty when it is neither. Matching these names, not the code as a word, keeps "de" from finding
 * "Puerto de la Cruz" and "es" from finding "Dar es Salaam". One name of the country is enough, since every
 * location of a country carries all the country's names among its own (locationNames); the one of fewest
 * words makes the cheapest query ("USA", not "United States of America").
 */
export function locationCodeNames(code: string): string[] {
  const { countryName, cities } = locationTables();
  // UK's own names (Britain) are not GB's; GB's are UK's too.
  const upper = code.toUpperCase();
  const country = countryName.get(EXTRA_CODES[upper]?.iso ?? upper);
  return distinct([...(country ? [country] : []), ...(cities.get(fold(code)) ?? [])]);
}

/** The country's name in its own language, when written in letters (countries-list). */
function nativeNames(code: string): string[] {
  const native = countryFacts[code as TCountryCode]?.native.replace(/\p{Cf}/gu, '');
  return native ? [native] : [];
}

function regionsOf(code: string): string[] {
  const facts = countryFacts[code as TCountryCode];
  if (!facts) return [];
  const onContinents = [facts.continent, ...(ALSO_ON[code] ? [ALSO_ON[code]] : [])];
  const on = (continent: TContinentCode) => onContinents.includes(continent);
  const middleEast = MIDDLE_EAST.has(code);
  return [
    ...onContinents.map((continent) => continents[continent]),
    ...(middleEast ? ['Middle East'] : []),
    ...(on('EU') || on('AF') || middleEast ? ['EMEA'] : []),
    ...((on('AS') && !middleEast && !on('EU')) || on('OC') ? ['APAC'] : []),
    ...((on('NA') || on('SA')) && facts.languages.some((l) => LATIN_LANGUAGES.has(l)) ? ['Latin America', 'LATAM'] : []),
    ...(NORDICS.has(code) ? ['Nordics'] : []),
    ...(SCANDINAVIA.has(code) ? ['Scandinavia'] : []),
    ...(on('NA') || on('SA') ? ['Americas'] : []),
    ...COUNTRY_GROUPS.flatMap(({ names, codes }) => (codes.has(code) ? names : [])),
  ];
}

/** The first of each set of names that fold to the same words. */
function distinct(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((name) => {
    const key = fold(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The names a location is searched by, for both engines: the location as written, then the same with its
 * country in each other form, its city by each other name, and each region its country lies in. So a
 * place given by country code is found by the country's name, in English or its own language, and the
 * other way round, and by its continent:
 *  - "Munich, DE" is also "Munich, Germany", "Munich, Deutschland", "Munich, Europe", "Munich, EMEA" and
 *    "München, DE";
 *  - "Remote (US)" is also "Remote (United States)", "Remote (USA)" and "Remote (North America)";
 *  - "Berlin, Germany" is also "Berlin, DE";
 *  - "San Francisco, US" is also "SF, US", "Bay Area, US" and "California, US";
 *  - "Edinburgh, GB" is also "Scotland, GB".
 * Each is its own value, so a phrase never spans two.
 *
 * Only the last part is read as a country, since a location is "city and country": after the last comma,
 * inside trailing brackets, or the whole location. In "Dover, DE" the code is read as Germany, as
 * `location=DE` already matched it. The city is the part before the first comma, or a location without
 * one. Country names are ISO 3166's in English (i18n-iso-countries) and each country's own
 * (countries-list), continents are countries-list's; city names and the other regions are ours, above.
 */
export function locationNames(location: string | null | undefined): string[] {
  if (!location) return [];
  const { before, country, after } = splitCountry(location);
  const { countries: forms, codes, cities, countryAreas } = locationTables();
  const folded = fold(country);
  const code = isCode(country) ? country : codes.get(folded);
  const countryForms = (code && forms.get(code)) || [];
  const comma = location.indexOf(',');
  const city = comma >= 0 ? location.slice(0, comma) : location.trimEnd().endsWith(')') ? '' : location;
  const names = [location];
  const named = withRegionNames(location);
  if (named !== location) names.push(named);
  for (const form of countryForms) if (form.folded !== folded) names.push(`${before}${form.text}${after}`);
  for (const other of cities.get(fold(city.trim())) ?? []) names.push(`${other}${location.slice(city.length)}`);
  const isoCode = code && (EXTRA_CODES[code]?.iso ?? code);
  if (isoCode) for (const area of countryAreas.get(`${isoCode}\u0000${fold(city.trim())}`) ?? []) names.push(`${area}${location.slice(city.length)}`);
  return names;
}

/**
 * The words a remote location is found by, folded: "remote" and the other words for remote work
 * (REMOTE_WORK_WORDS, REMOTE_WORK_TRANSLATIONS). A request that types one names a place (namedPlaces).
 */
export const REMOTE_LOCATION_WORDS: ReadonlySet<string> = new Set(['remote', ...REMOTE_WORK_WORDS, ...REMOTE_WORK_TRANSLATIONS].map(fold));

/** The words (folded) name a place as a whole: a place of the world ("new york") or a word for remote work. */
export function namesPlace(words: readonly string[]): boolean {
  return words.length > 0 && ((words.length === 1 && REMOTE_LOCATION_WORDS.has(words[0]!)) || placeNameAt(words, 0) === words.length);
}

/**
 * The words (folded) are the name of a country, of a region of countries or of an area of a country (a state,
 * a province), as every location there holds it (locationNames): "portugal", "latin america", "texas". Not a
 * code ("ca" is Canada and California) and not a city: "lagos portugal" is a Lagos in Portugal, "berlin mitte"
 * a part of Berlin.
 */
export function namesRegion(words: readonly string[]): boolean {
  const name = words.join(' ');
  return name.length >= PLACE_NAME_MIN_LETTERS && regionNames().has(name);
}

let regions: Set<string> | undefined;

function regionNames(): Set<string> {
  if (regions) return regions;
  const { countries: forms } = locationTables();
  const areas = [...Object.keys(AREAS), ...Object.values(AREAS_BY_COUNTRY).flatMap((byArea) => Object.keys(byArea))];
  const names = [...[...forms.values()].flat().filter((form) => !isCode(form.text)).map((form) => form.text), ...areas];
  return (regions = new Set(names.map((name) => tokenize(name).join(' '))));
}

/** The names a remote location gains (locationSearchNames): every word of REMOTE_LOCATION_WORDS it does not say already. */
const REMOTE_WORK_NAMES: readonly string[] = [...REMOTE_LOCATION_WORDS].filter((word) => word !== 'remote');

/** Whether a location says "remote", a word of it ("Remote (EU)"): what the remote facet counts and `location=remote` matches. */
export function isRemoteLocation(location: string | null | undefined): boolean {
  return !!location && tokenize(location).includes('remote');
}

/**
 * The names free text and the location filter find a location by: its names (locationNames), and for a
 * remote location (isRemoteLocation) the other words for remote work, each its own value. A location field
 * holds no word forms and no synonyms, so without them "brand designer who works remotely" and "diseñadora de
 * marca en teletrabajo" missed the designers in "Remote (EU)" that "remote brand designer" finds. Type-ahead
 * completes the words locations are written with (locationNames) and leaves these out.
 */
export function locationSearchNames(location: string | null | undefined): string[] {
  const names = locationNames(location);
  return isRemoteLocation(location) ? [...names, ...REMOTE_WORK_NAMES] : names;
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

/**
 * The ISO 3166 code of the country a location names, read as locationNames reads it (the last part:
 * after the last comma, inside trailing brackets, or the whole location): "Munich, DE", "Berlin, Germany"
 * and "Remote (Deutschland)" are DE, "London, UK" is GB. Null when the last part names no country
 * ("Berlin", "Remote", "EU"). What the country facet counts.
 */
export function locationCountryCode(location: string | null | undefined): string | null {
  if (!location) return null;
  const { country } = splitCountry(location);
  const { countries: forms, codes } = locationTables();
  const code = isCode(country) ? country : codes.get(fold(country));
  if (!code || !forms.has(code)) return null;
  const iso = code in EXTRA_CODES ? EXTRA_CODES[code]!.iso : code;
  return iso ?? null;
}
