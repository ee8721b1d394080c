import { describe, expect, it } from 'vitest';
import { callTool } from '../mcp/tool-contract.ts';
import { hostedMcpClient, serveContractEngine } from './contract-api.ts';
import { type Cursor, CursorCodec, queryFingerprint } from '../../shared/search/cursor.codec.ts';
import { type EngineName, CONTRACT_CURSOR_SECRET, contractEngines } from './engines.ts';
import { BY_LISTED, DESIGNERS, type DesignerFixture, LISTED, NOW, toDesigner, toOpenRole, OPEN_ROLES } from './fixtures.ts';

/**
 * One behaviour, three engines: the same requests over HTTP (createApp) against PGlite, a Postgres
 * server and Elasticsearch, each loaded with the same fixtures. Which records match is the contract;
 * ranking may differ, so relevance-ordered results are compared as sets unless the order is firm.
 * Where an engine behaves differently by design, the test is named for the difference and asserts it.
 */

interface ListBody {
  success: boolean;
  data: { id: string; slug?: string }[];
  meta: { total: number; limit: number; offset: number; has_more: boolean; next_cursor: string | null };
}

const sorted = (ids: string[]) => [...ids].sort();

describe.each(contractEngines)('search contract on $name', (engine) => {
  const reason = engine.unavailable();
  let clock = NOW;
  const served = serveContractEngine(engine, () => clock);

  async function get<T = ListBody>(path: string): Promise<{ status: number; body: T }> {
    const response = await fetch(`${served.base}${path}`);
    return { status: response.status, body: (await response.json()) as T };
  }
  async function ids(path: string): Promise<string[]> {
    const { status, body } = await get(path);
    expect(status, path).toBe(200);
    expect(body.meta.total, `${path}: meta.total counts every match`).toBe(body.data.length);
    return body.data.map((d) => d.id);
  }
  /** Walks every page with the cursor. */
  async function walk(path: string, limit: number): Promise<{ ids: string[]; pages: ListBody[] }> {
    const pages: ListBody[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const { status, body }: { status: number; body: ListBody } = await get(
        `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(status).toBe(200);
      pages.push(body);
      cursor = body.meta.next_cursor;
    } while (cursor && pages.length < 100);
    return { ids: pages.flatMap((p) => p.data.map((d) => d.id)), pages };
  }

  describe.skipIf(reason !== null)('', () => {
    describe('designers: what is listed, and in which order', () => {
      it('lists only published, opted-in designers, newest listed first, ties by id', async () => {
        expect(await ids('/api/v1/designers?limit=100')).toEqual(BY_LISTED);
      });

      it('returns the public profile exactly: fields of the spec, profile_url from the base URL', async () => {
        const { body } = await get('/api/v1/designers?slug=ana-lopez&limit=1');
        expect(body.data).toEqual([toDesigner(DESIGNERS[0]!)]);
        const one = await get<{ success: boolean; data: unknown }>('/api/v1/designers/john-appleseed');
        expect(one).toEqual({ status: 200, body: { success: true, data: toDesigner(DESIGNERS[9]!) } });
      });

      it('never shows a draft, hidden or opted-out designer, by slug or by search', async () => {
        for (const slug of ['kai-draft', 'lea-out', 'mo-hidden']) {
          expect(await ids(`/api/v1/designers?slug=${slug}`)).toEqual([]);
          expect((await get(`/api/v1/designers/${slug}`)).status).toBe(404);
        }
        expect(await ids('/api/v1/designers?q=kai')).toEqual([]);
        expect(await ids('/api/v1/designers?q=hidden')).toEqual([]);
      });
    });

    describe('designers: filters', () => {
      it('category, with the earlier plural as an alias', async () => {
        expect(await ids('/api/v1/designers?category=director')).toEqual(['d03']);
        expect(await ids('/api/v1/designers?category=directors')).toEqual(['d03']);
        expect(sorted(await ids('/api/v1/designers?category=product'))).toEqual(['d01', 'd04', 'd09', 'd10']);
      });

      it('location=US matches "San Francisco, US", "New York, US" and "Remote (US)", not "Austin, TX" or "Brussels"', async () => {
        expect(sorted(await ids('/api/v1/designers?location=US'))).toEqual(['d01', 'd05', 'd09']);
      });

      it('location matches whole words or word prefixes, adjacent and in order, never inside a word', async () => {
        expect(await ids('/api/v1/designers?location=san%20fr')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?location=francisco%20san')).toEqual([]);
        expect(await ids('/api/v1/designers?location=york')).toEqual(['d09']);
        expect(await ids('/api/v1/designers?location=ork')).toEqual([]);
        expect(await ids('/api/v1/designers?location=russels')).toEqual([]);
        expect(sorted(await ids('/api/v1/designers?location=remote'))).toEqual(['d05', 'd06']);
        expect(await ids('/api/v1/designers?location=remote%20us')).toEqual(['d05']);
        expect(await ids('/api/v1/designers?location=Remote%20(US)')).toEqual(['d05']);
      });

      it('a code of one or two letters alone is the place it stands for, not a prefix or a word of a name: BR is Brazil, not Brussels; DE is Germany, not "Puerto de la Cruz"', async () => {
        expect(await ids('/api/v1/designers?location=BR')).toEqual(['d10']);
        expect(await ids('/api/v1/designers?location=br%2C')).toEqual(['d10']);
        expect(sorted(await ids('/api/v1/designers?location=CH'))).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=s')).toEqual([]);
        expect(await ids('/api/v1/designers?location=DE')).toEqual([]);
        expect(await ids('/api/v1/designers?location=LA')).toEqual([]);
        expect(await ids('/api/v1/open-roles?location=DE')).toEqual(['r3']);
        expect(await ids('/api/v1/open-roles?location=BE')).toEqual(['r6']);
        expect(sorted(await ids('/api/v1/open-roles?location=us'))).toEqual(['r1', 'r2']);
        expect(await ids('/api/v1/designers?location=sf')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?company=ac')).toEqual([]);
        // In q, a place code after "in" is the whole word: "ch" is Switzerland, not the start of Chloé.
        expect(await ids('/api/v1/designers?q=designer%20in%20CH')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?q=designer%20ch')).toContain('d03');
        // The place's own words still match as words and prefixes.
        expect(await ids('/api/v1/designers?location=de%20la%20cruz')).toEqual(['d14']);
        expect(await ids('/api/v1/designers?location=puerto%20de')).toEqual(['d14']);
        // Longer values keep their prefixes, a short last word included.
        expect(await ids('/api/v1/designers?location=bru')).toEqual(['d03']);
        expect(await ids('/api/v1/designers?location=s%C3%A3o%20p')).toEqual(['d10']);
        expect(await ids('/api/v1/open-roles?location=ber')).toEqual(['r3']);
      });

      it('location folds accents both ways', async () => {
        expect(await ids('/api/v1/designers?location=zurich')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=Z%C3%BCr')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=sao%20paulo')).toEqual(['d10']);
      });

      it('location finds a place by its country\'s name as well as its code, and q reads the name as a location word', async () => {
        for (const name of ['United%20States', 'usa', 'united%20states%20of%20america']) {
          expect(sorted(await ids(`/api/v1/designers?location=${name}`)), name).toEqual(['d01', 'd05', 'd09']);
        }
        expect(await ids('/api/v1/designers?location=switzerland')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=Z%C3%BCrich%2C%20Switzerland')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=south%20korea')).toEqual(['d08']);
        expect(await ids('/api/v1/designers?location=japan')).toEqual(['d07']);
        expect(await ids('/api/v1/designers?location=brazil')).toEqual(['d10']);
        expect(await ids('/api/v1/designers?location=remote%20united%20states')).toEqual(['d05']);
        // Still whole words in order, within one form of the location: no "Zürich, US", no "Switzerland Zürich".
        expect(await ids('/api/v1/designers?location=zurich%20united')).toEqual([]);
        expect(await ids('/api/v1/designers?location=switzerland%20zurich')).toEqual([]);
        expect(await ids('/api/v1/designers?location=texas')).toEqual([]);
        expect(await ids('/api/v1/designers?q=illustrator%20korea')).toEqual(['d08']);
        expect(await ids('/api/v1/open-roles?location=germany')).toEqual(['r3']);
        expect(await ids('/api/v1/open-roles?location=european%20union')).toEqual(['r7']);
      });

      it('location finds a place by the regions its country lies in, the country\'s own name and the city\'s other names', async () => {
        const lisbon = LISTED.filter((d) => d.location === 'Lisbon, PT').map((d) => d.id);
        for (const region of ['europe', 'emea']) {
          expect(sorted(await ids(`/api/v1/designers?location=${region}&limit=100`)), region).toEqual(sorted(['d02', 'd03', 'd06', ...lisbon]));
        }
        for (const region of ['asia', 'apac']) expect(sorted(await ids(`/api/v1/designers?location=${region}`)), region).toEqual(['d07', 'd08']);
        for (const region of ['latam', 'latin%20america', 'south%20america']) expect(await ids(`/api/v1/designers?location=${region}`), region).toEqual(['d10']);
        expect(sorted(await ids('/api/v1/designers?location=north%20america'))).toEqual(['d01', 'd05', 'd09']);
        expect(await ids('/api/v1/designers?location=schweiz')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=brasil')).toEqual(['d10']);
        expect(await ids(`/api/v1/designers?location=${encodeURIComponent('日本')}`)).toEqual(['d07']);
        expect(await ids('/api/v1/designers?location=nyc')).toEqual(['d09']);
        // A city's state: San Francisco is in California, in a filter and after "in"; Austin, TX names no country.
        const sanFrancisco = LISTED.filter((d) => d.location === 'San Francisco, US').map((d) => d.id);
        expect(sorted(await ids('/api/v1/designers?location=california'))).toEqual(sorted(sanFrancisco));
        const inCalifornia = await ids('/api/v1/designers?q=designer%20in%20california');
        expect(inCalifornia.length).toBeGreaterThan(0);
        expect(inCalifornia.filter((id) => !sanFrancisco.includes(id))).toEqual([]);
        // NY, as the US writes New York, is that city's code: the place, not the word, in a filter and after "in".
        expect(await ids('/api/v1/designers?location=NY')).toEqual(['d09']);
        expect(await ids('/api/v1/designers?location=ny%2C%20us')).toEqual(['d09']);
        expect((await ids('/api/v1/designers?q=product%20designer%20in%20NY'))[0]).toBe('d09');
        expect(await ids('/api/v1/designers?location=new%20york%20city')).toEqual(['d09']);
        // A German city name with ü typed as ue, as people without the key write it.
        expect(await ids('/api/v1/designers?location=zuerich')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=zuerich%2C%20ch')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?location=bay%20area')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?location=sf%2C%20us')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?location=bruxelles')).toEqual(['d03']);
        expect(await ids('/api/v1/designers?location=zurich%20europe')).toEqual(['d02']);
        // Still one form at a time: no "Europe, Zürich", no "NYC, United States".
        expect(await ids('/api/v1/designers?location=europe%20zurich')).toEqual([]);
        expect(await ids('/api/v1/designers?location=nyc%20united%20states')).toEqual([]);
        expect(await ids('/api/v1/designers?q=nyc')).toEqual(['d09']);
        expect(await ids('/api/v1/open-roles?location=deutschland')).toEqual(['r3']);
        expect(sorted(await ids('/api/v1/open-roles?location=emea'))).toEqual(['r3', 'r6', 'r7']);
        expect(await ids('/api/v1/open-roles?location=sf')).toEqual(['r1']);
      });

      it('company matches the current or any previous company', async () => {
        // Globex: previous at d01 and d03, current at d08.
        expect(sorted(await ids('/api/v1/designers?company=globex'))).toEqual(['d01', 'd03', 'd08']);
      });

      it('company matches word prefixes in order, never inside a word, never across two companies', async () => {
        expect(sorted(await ids('/api/v1/designers?company=acme'))).toEqual(['d01', 'd02', 'd05', 'd07', 'd10']);
        // "Studio Acme" (d07) has the words in the other order; "Acme Labs" (d02) another second word.
        expect(sorted(await ids('/api/v1/designers?company=acme%20studio'))).toEqual(['d01', 'd05', 'd10']);
        expect(sorted(await ids('/api/v1/designers?company=acme%20st'))).toEqual(['d01', 'd05', 'd10']);
        expect(sorted(await ids('/api/v1/designers?company=globex%20corp'))).toEqual(['d01', 'd03', 'd08']);
        expect(await ids('/api/v1/designers?company=corporation%20globex')).toEqual([]);
        // d01 worked at "Acme Studio" and "Globex Corporation": the words of two companies never join.
        expect(await ids('/api/v1/designers?company=studio%20globex')).toEqual([]);
        expect(await ids('/api/v1/designers?company=cme')).toEqual([]);
      });

      it('a blank filter value is the filter left out', async () => {
        expect(await ids('/api/v1/designers?location=%20%20&company=&q=&limit=100')).toEqual(BY_LISTED);
      });

      it('slug finds one designer exactly', async () => {
        expect(await ids('/api/v1/designers?slug=hana-kim&limit=1')).toEqual(['d08']);
        expect(await ids('/api/v1/designers?slug=hana')).toEqual([]);
      });

      it('id finds one designer exactly, and combines with the other filters', async () => {
        expect(await ids('/api/v1/designers?id=d08&limit=1')).toEqual(['d08']);
        expect(await ids('/api/v1/designers?id=d0')).toEqual([]);
        expect(await ids('/api/v1/designers?id=d08&category=brand')).toEqual([]);
      });

      it('every filter combines with AND', async () => {
        expect(sorted(await ids('/api/v1/designers?category=product&location=US'))).toEqual(['d01', 'd09']);
        expect(await ids('/api/v1/designers?category=product&location=US&company=acme')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?company=acme&location=remote')).toEqual(['d05']);
        expect(await ids('/api/v1/designers?company=initech&category=graphic')).toEqual(['d08']);
        expect(await ids('/api/v1/designers?q=designer&category=brand')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?q=ana&slug=ana-lopez')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?slug=ana-lopez&category=brand')).toEqual([]);
        expect(await ids('/api/v1/designers?q=fintech&company=globex&location=san&category=product&slug=ana-lopez')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?q=fintech&company=initech')).toEqual([]);
      });
    });

    describe('designers: free text', () => {
      it('matches name, role titles, companies and description; one or two words must each match somewhere', async () => {
        expect(await ids('/api/v1/designers?q=ana%20lopez')).toEqual(['d01']);
        expect(sorted(await ids('/api/v1/designers?q=illustrator'))).toEqual(['d08']);
        expect(sorted(await ids('/api/v1/designers?q=umbrella'))).toEqual(['d03', 'd10']);
        expect(await ids('/api/v1/designers?q=fintech')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?q=acme%20fintech')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?q=fintech%20tokyo')).toEqual([]);
      });

      it('also searches the location, below the other fields', async () => {
        expect(await ids('/api/v1/designers?q=seoul')).toEqual(['d08']);
        expect(await ids('/api/v1/designers?q=fintech%20san%20francisco')).toEqual(['d01']);
      });

      it('a place introduced as one ("in", "near", "en" …) must be held, and so must a place of the world typed without the marker', async () => {
        // d08, in Seoul, was a Type Designer.
        const inSeoul = await ids('/api/v1/designers?q=seoul');
        const asked = await ids('/api/v1/designers?q=type%20designer%20in%20seoul');
        expect(asked.length).toBeGreaterThan(0);
        expect(asked.filter((id) => !inSeoul.includes(id))).toEqual([]);
        expect(sorted(await ids('/api/v1/designers?q=type%20designer%20seoul'))).toEqual(sorted(asked));
        // A word no gazetteer knows as a place stays one word of the minimum ("grids" is in d08's description).
        expect((await ids('/api/v1/designers?q=product%20designer%20grids')).length).toBeGreaterThan(1);
        // A place no record holds: nothing, rather than product designers elsewhere.
        expect(await ids('/api/v1/designers?q=product%20designer%20in%20ulaanbaatar')).toEqual([]);
        expect(await ids('/api/v1/designers?q=dise%C3%B1ador%20de%20producto%20en%20ulaanbaatar')).toEqual([]);
        // A country or state after the place says which place of that name is meant: d07 is in Tokyo, Japan.
        expect(await ids('/api/v1/designers?q=designer%20in%20tokyo%20japan')).toEqual(['d07']);
        expect(await ids('/api/v1/designers?q=designer%20in%20tokyo%2C%20mexico')).toEqual([]);
        expect(await ids('/api/v1/designers?q=designer%20in%20tokyo%20texas')).toEqual([]);
      });

      it('a word after "in" that may name a place and names no title, skill, tool or domain is held where the designer is', async () => {
        // Initech is an employer (d02's, d08's, d09's), and no location: read as a place after "in", it is held by nobody.
        expect(sorted(await ids('/api/v1/designers?q=designer%20initech'))).toEqual(['d02', 'd08', 'd09']);
        expect(await ids('/api/v1/designers?q=designer%20in%20initech')).toEqual([]);
        expect(await ids('/api/v1/designers?q=designer%20in%20seoul')).toEqual(['d08']);
        // "grids", an English word and no place, says what the work is about: d08's description holds it.
        expect(await ids('/api/v1/designers?q=designer%20in%20grids')).toEqual(['d08']);
        // "fintech" names a domain: d01's description holds it, and counts.
        expect(await ids('/api/v1/designers?q=designer%20in%20fintech')).toEqual(['d01']);
      });

      it('an employer named after "at", "from", "ex" or "former" is held in a role\'s company or where the designer is', async () => {
        // Acme Labs is d02's previous employer; Acme Studio and Studio Acme share a word with it.
        expect(await ids('/api/v1/designers?q=designer%20at%20acme%20labs')).toEqual(['d02']);
        expect((await ids('/api/v1/designers?q=designer%20acme%20labs')).length).toBeGreaterThan(1);
        // Words a description holds are no employer: nobody worked at "Calm Interfaces".
        expect(await ids('/api/v1/designers?q=designer%20calm%20interfaces')).toEqual(['d01']);
        expect(await ids('/api/v1/designers?q=designer%20at%20calm%20interfaces')).toEqual([]);
        // No employer of that name: nothing, rather than designers elsewhere.
        expect(await ids('/api/v1/designers?q=product%20designer%20at%20deutsche%20bahn')).toEqual([]);
        expect(await ids('/api/v1/designers?q=former%20pied%20pipers%20express%20designers')).toEqual([]);
        // Within the typo allowance, as any word; a place counts as well ("from Tokyo").
        expect(sorted(await ids('/api/v1/designers?q=ux%20designer%20at%20hooly'))).toEqual(['d04', 'd10']);
        expect(await ids('/api/v1/designers?q=design%20engineer%20from%20tokyo')).toEqual(['d07']);
        // A kind of employer asks nothing of the company.
        expect(await ids('/api/v1/designers?q=designer%20at%20a%20fintech%20company')).toEqual(await ids('/api/v1/designers?q=designer%20fintech'));
      });

      it('a name written with capitals is held: two words or more in a name, role, employer or place, one word anywhere', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}`);
        // In lower case "acme labs" is two words of the minimum; written as a name it is d02's previous employer.
        expect((await q('designer acme labs')).length).toBeGreaterThan(1);
        expect(await q('designer Acme Labs')).toEqual(['d02']);
        // d08's description says "loves type, grids": no one's name, role, employer or place.
        expect(await q('designer loves grids')).toEqual(['d08']);
        expect(await q('designer Loves Grids')).toEqual([]);
        // A place no record holds, without a marker: nothing, rather than product designers elsewhere, however written.
        expect(await q('product designer ulaanbaatar')).toEqual([]);
        expect(await q('product designer Ulaanbaatar')).toEqual([]);
        // One word may be what a description names (d08 "loves type, grids and print"): held there too.
        expect((await q('designer grids')).length).toBeGreaterThan(0);
        expect(await q('designer Grids')).toEqual(['d08']);
        expect(await q('type designer Grids')).toEqual(['d08']);
        // In lower case, words side by side that are no English word are a name: no namesake for an absent one.
        // (Erik Johansson is d05, a Motion Designer.)
        expect(await q('erik kowalczyk motion designer')).toEqual([]);
        expect(await q('erik johansson motion designer')).toEqual(['d05']);
        // A capital that opens the request, or one on every word, names nothing.
        expect(sorted(await q('Grids product designer'))).toEqual(sorted(await q('grids product designer')));
        expect(sorted(await q('Product Designer Grids'))).toEqual(sorted(await q('product designer grids')));
        expect((await q('product designer grids')).length).toBeGreaterThan(1);
      });

      it('a first word that can only be a name, before the role the rest names, is held where names are', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}`);
        // d09 is the Senior Product Designer at Initech; d02 (Brand Designer) and d07 (once a Type Designer) were there too.
        for (const text of ['initech product designer', 'Initech product designer', 'initeck product designer']) {
          const found = await q(text);
          expect([text, found[0]]).toEqual([text, 'd09']);
          expect([text, found.every((id) => ['d02', 'd07', 'd09'].includes(id))]).toEqual([text, true]);
        }
        // An employer the directory lacks finds nobody, not the Product Designers at Acme Studio.
        expect(await q('deliveroo product designer')).toEqual([]);
        expect(await q('Deliveroo product designers in new york')).toEqual([]);
        expect((await q('product designer')).length).toBeGreaterThan(3);
        // An English word, or a slip of one of the field's words, stays what the other rules make of it.
        expect((await q('senoir product designer'))[0]).toBe('d09');
      });

      it('former employers named after the role wanted rank below the role: "product designer, ex globex or hooli"', async () => {
        // d01 and d10 are Product Designers who were at Globex or Hooli; d09 holds the role and was never there; d03
        // (Head of Design) was at Globex and holds no product designer's role, so is no match.
        const result = await ids('/api/v1/designers?q=product%20designer%2C%20ex%20globex%20or%20hooli');
        expect(sorted(result.slice(0, 2))).toEqual(['d01', 'd10']);
        expect(result).toContain('d09');
        expect(result).not.toContain('d03');
        // Past roles asked for first: every word is about them (what a previous role holds, each alternative on its
        // own), and d03, who left Globex, matches.
        const former = await ids('/api/v1/designers?q=ex%20globex%20or%20hooli%20product%20designer');
        expect(former).toContain('d03');
      });

      it('an employer of two words is held whole by one role: "at Piper Acme" is not Pied Piper and Acme Studio', async () => {
        // d05 is at Pied Piper now and was at Acme Studio: both words, in two roles.
        expect(await ids('/api/v1/designers?q=designers%20at%20piper%20acme')).toEqual([]);
        expect(await ids('/api/v1/designers?q=designers%20at%20pied%20studio')).toEqual([]);
        expect(await ids('/api/v1/designers?q=designers%20at%20pied%20piper')).toEqual(['d05']);
        // A role holding both words, d07's "Studio Acme" too.
        expect(sorted(await ids('/api/v1/designers?q=designers%20at%20acme%20studio'))).toEqual(['d01', 'd05', 'd07', 'd10']);
      });

      it('a place of the world is spelled right: "Macaé" is no typo of the company Macme Works', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}`);
        // d06 was a 3D Artist at Macme Works; nobody is in Macaé (Brazil), however it is written.
        expect(await q('3d artist Macaé')).toEqual([]);
        expect(await q('3d artist macae')).toEqual([]);
        // A word that names no place keeps its typo allowance there.
        expect(await q('3d artist Macne')).toContain('d06');
      });

      it('a request naming nothing of the field, short of a word, is met by a word as typed: "pastry acne in san francisco" is not Acme', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}`);
        // d01 is at Acme Studio in San Francisco: "acne" is one typo from "acme", "pastry" nowhere.
        expect(await q('pastry acne in san francisco')).toEqual([]);
        // A word held as typed anchors the typo.
        expect(await q('acne studio in san francisco')).toContain('d01');
      });

      it('a word that says what kind of role is asked is held: "civil engineer in tokyo" is no Design Engineer', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}`);
        // d07 is a Design Engineer in Tokyo; d03 a Head of Design in Brussels.
        expect(await q('civil engineer in tokyo')).toEqual([]);
        expect(await q('head chef brussels')).toEqual([]);
        // An English word is typed as meant: "acne" is no typo of Acme Studio, d01's employer.
        expect(await q('acne designer')).toEqual([]);
        expect(await q('acme designer')).toContain('d01');
        expect(await q('design engineer in tokyo')).toEqual(['d07']);
        // Praise is no kind of role.
        expect(await q('a talented design engineer in tokyo')).toEqual(['d07']);
      });

      it('a kind of role named with a word of another trade is held by one role: "product manager at acme studio" is no Product Designer', async () => {
        const q = (text: string, kind = 'designers') => ids(`/api/v1/${kind}?q=${encodeURIComponent(text)}`);
        // d01 and d10 are Product Designers at Acme Studio; d03 was a Design Manager at Globex Corporation.
        expect(await q('product manager at acme studio')).toEqual([]);
        expect(await q('product managers at globex')).toEqual([]);
        // The word may name the role's employer: d14 is an Animator at Tide Films, d05 was one at Acme Studio.
        expect(await q('tide animator')).toEqual(['d14']);
        // Or the name holds the word, an English word too: d04 is Dana Smith, a UX Designer and no engineer.
        expect(await q('dana smith engineer')).toContain('d04');
        // A pair the field's vocabulary holds is read as its rules read it.
        expect(await q('design manager at globex')).toContain('d03');
        // r1 is a Senior Product Designer role at Acme Studio.
        expect(await q('product manager acme', 'open-roles')).toEqual([]);
        expect(await q('product designer acme', 'open-roles')).toContain('r1');
      });

      it('a role named by a phrase of the vocabulary is held as a phrase: "motion designer in brussels" is no Head of Design there', async () => {
        const q = (text: string, kind = 'designers') => ids(`/api/v1/${kind}?q=${encodeURIComponent(text)}`);
        // d03, a Head of Design in Brussels, holds "design" and the place; d01 is a Product Designer in San Francisco.
        expect(await q('motion designer in brussels')).toEqual([]);
        expect(await q('interior designer in san francisco')).toEqual([]);
        // Held in a title, typed or by a synonym (d05 is a Motion Designer at Pied Piper, d14 an Animator).
        expect((await q('motion designer pied piper'))[0]).toBe('d05');
        expect(sorted(await q('animation designer in the us'))).toContain('d05');
        // A name holding another word answers: d05 is Erik Johansson, no brand designer.
        expect(await q('erik johansson brand designer')).toEqual(['d05']);
        // Open roles: r3 is a Motion Designer role in Berlin.
        expect(await q('interior designer in berlin', 'open-roles')).toEqual([]);
        expect(await q('motion designer in berlin', 'open-roles')).toEqual(['r3']);
      });

      it('a name two letters longer is another name, not a typo: "johanssonen" does not find Johansson', async () => {
        expect(await ids('/api/v1/designers?q=erik%20johanssonen')).toEqual([]);
        expect(await ids('/api/v1/designers?q=johanssonen%20erik')).toEqual([]);
        // One letter more, one less, two swapped: typos.
        expect(await ids('/api/v1/designers?q=erik%20johanssson')).toEqual(['d05']);
        expect(await ids('/api/v1/designers?q=johanson%20erik')).toEqual(['d05']);
        expect(await ids('/api/v1/designers?q=johnasson%20erik')).toEqual(['d05']);
      });

      it('a current title made only of words the query typed ranks above a longer title that holds them', async () => {
        // d01 and d10 are Product Designers; d09, listed between them, a Senior Product Designer whose bio says "design".
        const result = await ids('/api/v1/designers?q=product%20designer');
        expect(sorted(result.slice(0, 2))).toEqual(['d01', 'd10']);
        expect(result.indexOf('d09')).toBeGreaterThan(1);
        // Typing the seniority names d09's title exactly.
        expect((await ids('/api/v1/designers?q=senior%20product%20designer'))[0]).toBe('d09');
        // "head of design": the filler word "of" is a word of the title.
        expect((await ids('/api/v1/designers?q=head%20of%20design'))[0]).toBe('d03');
      });

      it('filler words need not match: "a designer who works at initech" is "designer initech"', async () => {
        const result = await ids('/api/v1/designers?q=a%20designer%20who%20works%20at%20initech');
        expect(sorted(result)).toEqual(['d02', 'd08', 'd09']);
        // d08 holds the words in a previous role: the two holding them in the current role come first.
        expect(result.at(-1)).toBe('d08');
        expect(sorted(await ids('/api/v1/designers?q=designer%20initech'))).toEqual(['d02', 'd08', 'd09']);
      });

      it('from three words one may be missing; records matching every word rank first', async () => {
        expect(await ids('/api/v1/designers?q=fintech%20calm%20interfaces%20grids')).toEqual(['d01']);
        // d01 and d10 are Product Designers at Acme Studio; d04 and d09 product designers elsewhere. d02 and d05
        // were at Acme and hold "designer", but the word missing may not be the role's (a role named by a phrase).
        const result = await ids('/api/v1/designers?q=product%20designer%20acme');
        expect(sorted(result.slice(0, 2))).toEqual(['d01', 'd10']);
        expect(result).toEqual(expect.arrayContaining(['d04', 'd09']));
        expect(result).not.toContain('d02');
        // Without a role named, any two of three words: d03 holds all of "designer globex umbrella", d01 and d08 two.
        const words = await ids('/api/v1/designers?q=designer%20globex%20umbrella');
        expect(words[0]).toBe('d03');
        expect(words).toEqual(expect.arrayContaining(['d01', 'd08']));
        // One or two words must all match.
        expect(await ids('/api/v1/designers?q=fintech%20tokyo')).toEqual([]);
      });

      it('the holders of a role the request names match however few of the words that qualify it, ranked by those words', async () => {
        // d01, d04, d09 and d10 are product designers; d01 alone works in fintech, d08 alone mentions grids.
        const product = await ids('/api/v1/designers?q=fintech%20product%20designer%20grids');
        expect(product[0]).toBe('d01');
        expect(sorted(product)).toEqual(['d01', 'd04', 'd09', 'd10']);
        expect(sorted(await ids('/api/v1/designers?q=a%20product%20designer%20who%20can%20start%20next%20month'))).toEqual(['d01', 'd04', 'd09', 'd10']);
        // What the request requires beside the role still holds: a place, an employer, a word that may be a name.
        expect(await ids('/api/v1/designers?q=a%20product%20designer%20who%20can%20start%20next%20month%20in%20ulaanbaatar')).toEqual([]);
        expect(await ids('/api/v1/designers?q=a%20product%20designer%20at%20initech%20who%20can%20start%20next%20month')).toEqual(['d09']);
        expect(await ids('/api/v1/designers?q=a%20product%20designer%20at%20wayne%20enterprises%20who%20can%20start%20next%20month')).toEqual([]);
        expect(await ids('/api/v1/designers?q=an%20illustrator%20who%20can%20start%20next%20month')).toEqual(['d08']);
        expect(await ids('/api/v1/designers?q=zzqx%20illustrator%20who%20can%20start%20next%20month')).toEqual([]);
      });

      it('folds accents in the query and in the records', async () => {
        expect(await ids('/api/v1/designers?q=muller')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?q=M%C3%9CLLER')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?q=chloe')).toEqual(['d03']);
        expect(await ids('/api/v1/designers?q=goro')).toEqual(['d07']);
        expect(await ids('/api/v1/designers?q=l%C3%B3pez')).toEqual(['d01']);
      });

      it('the last word also matches as a word prefix; earlier words do not, except an initial', async () => {
        expect(await ids('/api/v1/designers?q=ana%20lo')).toEqual(['d01']);
        expect(sorted(await ids('/api/v1/designers?q=appl'))).toEqual(['d10']);
        expect(await ids('/api/v1/designers?q=appl%20john')).toEqual([]);
        expect(sorted(await ids('/api/v1/designers?q=lo'))).toEqual(['d01', 'd08']);
        // One letter is an initial: "J. Appleseed" finds John Appleseed, "B Müller" Bruno Müller.
        expect(await ids('/api/v1/designers?q=J.%20Appleseed')).toEqual(['d10']);
        expect(await ids('/api/v1/designers?q=B%20M%C3%BCller')).toEqual(['d02']);
        expect(await ids('/api/v1/designers?q=x.%20appleseed')).toEqual([]);
        // "Surname, Initial" too: the initial starts a name word, not a company ("Acme") or a title.
        expect(await ids('/api/v1/designers?q=Appleseed%2C%20J.')).toEqual(['d10']);
        expect(await ids('/api/v1/designers?q=studio%2C%20p.')).toEqual([]);
        // The last word is a prefix anywhere: of a name, a company, a title or a place (d07, at Studio Acme, is in Japan).
        expect(sorted(await ids('/api/v1/designers?q=studio%20p'))).toEqual(['d01', 'd05', 'd10']);
        expect(sorted(await ids('/api/v1/designers?q=studio%20ja'))).toEqual(['d07']);
      });

      it('tolerates typos by word length: none under 4 letters, 1 edit from 4, 2 from 8; a swap is one edit', async () => {
        expect(await ids('/api/v1/designers?q=jhon')).toEqual(['d10']);
        expect(await ids('/api/v1/designers?q=smyth')).toEqual(['d04']);
        expect(await ids('/api/v1/designers?q=johanson')).toEqual(['d05']);
        expect(await ids('/api/v1/designers?q=appelsede')).toEqual(['d10']);
        // Two edits in a word of 5 letters, one in a word of 3: too many.
        expect(await ids('/api/v1/designers?q=zmyto')).toEqual([]);
        expect(await ids('/api/v1/designers?q=kin')).toEqual([]);
        expect(await ids('/api/v1/designers?q=kim')).toEqual(['d08']);
      });

      it('a change of the first letter costs two edits: no typo within one, the only edit within two', async () => {
        // Five letters, one edit: "xmith" is another word, not Smith.
        expect(await ids('/api/v1/designers?q=xmith')).toEqual([]);
        expect(await ids('/api/v1/designers?q=mith')).toEqual([]);
        // Eight letters and more, two edits: the first letter alone, yes; with one more edit, no.
        expect(await ids('/api/v1/designers?q=ippleseed')).toEqual(['d10']);
        expect(await ids('/api/v1/designers?q=yohansson')).toEqual(['d05']);
        expect(await ids('/api/v1/designers?q=yohanson')).toEqual([]);
        expect(await ids('/api/v1/designers?q=ipplesede')).toEqual([]);
        // A letter doubled at the start keeps the first letter: one edit.
        expect(await ids('/api/v1/designers?q=ssmith')).toEqual(['d04']);
      });

      it('orders by relevance: an exact name match comes first', async () => {
        const result = await ids('/api/v1/designers?q=john%20appleseed');
        expect(result[0]).toBe('d10');
        const names = await ids('/api/v1/designers?q=hana%20kim');
        expect(names).toEqual(['d08']);
      });

      it('equally relevant records follow the default order (newest, then id)', async () => {
        const fillers = LISTED.filter((d) => d.slug.startsWith('filler-'));
        const expected = BY_LISTED.filter((id) => fillers.some((f) => f.id === id));
        expect(await ids('/api/v1/designers?q=filler&limit=100')).toEqual(expected);
      });

      it('what a request leaves out ("not in", "outside", "not at", "excluding") no match holds, as the filters read it', async () => {
        // Product Designers: d01 in San Francisco and d10 in São Paulo at Acme Studio, d09 in New York at
        // Initech; d04, a UX Designer at Hooli in "Austin, TX" (which names no country), does product work.
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}&limit=100`);
        expect(sorted(await q('product designers'))).toEqual(['d01', 'd04', 'd09', 'd10']);
        // Read as words, "in san francisco" was a place every match holds: d01 alone.
        expect(sorted(await q('product designers not in san francisco'))).toEqual(['d04', 'd09', 'd10']);
        expect(sorted(await q('product designers outside the US'))).toEqual(['d04', 'd10']);
        expect(await q('product designers who are not based in the united states or brazil')).toEqual(['d04']);
        expect(sorted(await q('product designers, not at Acme Studio'))).toEqual(['d04', 'd09']);
        expect(await q('Produktdesigner nicht in New York')).toEqual(expect.not.arrayContaining(['d09']));
        // Whole words: "acme" leaves out Acme Studio, Acme Labs and Studio Acme, any role, not Macme Works (d06).
        const notAcme = await q('designers who never worked at acme');
        expect(notAcme.length).toBeGreaterThan(0);
        for (const id of ['d01', 'd02', 'd05', 'd07', 'd10']) expect(notAcme).not.toContain(id);
        expect(await q('3d artist who never worked at acme')).toEqual(['d06']);
        // Either an employer or a place: Hooli is d04's employer and d10's previous one.
        expect(sorted(await q('designers excluding Hooli'))).toEqual(sorted((await q('designers')).filter((id) => id !== 'd04' && id !== 'd10')));
        // Nothing left to find: every listed designer but those the clause leaves out.
        expect(await q('not in tokyo')).toEqual(BY_LISTED.filter((id) => id !== 'd07'));
        // The live product designer role (r1) is in San Francisco.
        expect(await ids(`/api/v1/open-roles?q=${encodeURIComponent('product designer not in austin')}`)).toEqual(['r1']);
        expect(await ids(`/api/v1/open-roles?q=${encodeURIComponent('product designer not in san francisco')}`)).toEqual([]);
        // A seniority left out is held by the title: r1 is a Senior Product Designer.
        expect(await ids(`/api/v1/open-roles?q=${encodeURIComponent('product designer')}`)).toEqual(['r1']);
        expect(await ids(`/api/v1/open-roles?q=${encodeURIComponent('product designer, no seniors')}`)).toEqual([]);
        expect(await ids(`/api/v1/open-roles?q=${encodeURIComponent('product designer, no juniors')}`)).toEqual(['r1']);
      });

      it('what a request prefers ("ideally in", "preferably ex") leaves no one out', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}&limit=100`);
        // Read as words, "in new york" was a place every match holds (d09 alone), "ex-Hooli" an employer (d04, d10).
        expect(sorted(await q('product designers in new york'))).toEqual(['d09']);
        for (const text of ['product designers, ideally in new york', 'product designers, preferably based in New York', 'product designers, ideally ex-Hooli', 'product designers, bonus if they worked at hooli']) {
          expect(sorted(await q(text)), text).toEqual(['d01', 'd04', 'd09', 'd10']);
        }
      });

      it('what a request says of no designer (numbers, durations, contractions, list openers) asks nothing of a match', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}&limit=100`);
        // d01 and d10 are the Product Designers at Acme Studio. Read as words, "I'm" left an "m" and "5" a "5"
        // that no record holds, and the request asked for more words than the rest could meet: it found nobody.
        const acme = sorted(await q('product designers at acme studio'));
        expect(acme).toEqual(['d01', 'd10']);
        expect(sorted(await q("I'm looking for 2 product designers with 5+ years at Acme Studio who can start asap"))).toEqual(acme);
        // d10 was at Hooli too.
        expect((await q('product designers who have worked at both acme studio and hooli'))[0]).toBe('d10');
        // A contracted "not" leaves out as the words written out do.
        expect(await q("3d artist who hasn't worked at acme")).toEqual(['d06']);
      });

      it('a request in another language, as it asks and says who worked where, finds what the words say', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}&limit=100`);
        // d01 is the Product Designer in San Francisco who was at Globex. Read as words, "busco", "que", "haya",
        // "trabajado" (and "cerco", "che", "ha", "lavorato", "per"; "ich", "suche", "die", "hat") were words every
        // match had to hold, and each request found nobody.
        for (const text of [
          'busco diseñador de producto en San Francisco que haya trabajado en Globex',
          'cerco un designer di prodotto a San Francisco che ha lavorato per Globex',
          'ich suche einen Produktdesigner in San Francisco, der bei Globex gearbeitet hat',
          'je cherche un designer produit à San Francisco qui a travaillé chez Globex',
          'procuro designer de produto em San Francisco que trabalhou na Globex',
        ]) {
          expect((await q(text))[0], text).toBe('d01');
        }
      });

      it('an "or" list of places is the places alone: "product designers, san francisco or remote"', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}&limit=100`);
        // Read back to the filler word, the list was a Product Designer in San Francisco or anyone remote: the
        // Motion Designer (d05) and the 3D Artist (d06) in remote locations matched.
        for (const text of ['product designers, san francisco or remote', 'product designers san francisco or remote']) {
          const found = await q(text);
          expect(found[0], text).toBe('d01');
          expect(found, text).not.toContain('d05');
          expect(found, text).not.toContain('d06');
        }
        expect((await q('brand designer zurich or remote'))[0]).toBe('d02');
      });

      it('an "or" list of places introduced as one is held like a place: one of them, and either', async () => {
        const q = (text: string) => ids(`/api/v1/designers?q=${encodeURIComponent(text)}&limit=100`);
        // Dana (UX Designer) is in Austin, Ivan in New York, Ana in San Francisco. Read alone, the first place was
        // a name every match held, and the other place's designers were none.
        for (const text of ['product designers in austin or new york', 'product designers based in New York or Austin']) {
          const found = await q(text);
          expect(found, text).toEqual(expect.arrayContaining(['d04', 'd09']));
          expect(found, text).not.toContain('d01');
        }
        expect(await q('product designers in ulaanbaatar or reykjavik')).toEqual([]);
        // Another language's "or" is the same list.
        for (const text of ['diseñadores de producto en Austin o Nueva York', 'Produktdesigner in New York oder Austin', 'designers produit à Austin ou New York']) {
          const found = await q(text);
          expect(found, text).toEqual(expect.arrayContaining(['d04', 'd09']));
          expect(found, text).not.toContain('d01');
        }
      });
    });

    describe('designers: pagination', () => {
      it('limit and offset page through the default order; meta reports them', async () => {
        const { body } = await get('/api/v1/designers?limit=5&offset=5');
        expect(body.data.map((d) => d.id)).toEqual(BY_LISTED.slice(5, 10));
        expect(body.meta).toMatchObject({ total: LISTED.length, limit: 5, offset: 5, has_more: true });
        const last = await get(`/api/v1/designers?limit=5&offset=${LISTED.length - 2}`);
        expect(last.body.data.map((d) => d.id)).toEqual(BY_LISTED.slice(-2));
        expect(last.body.meta).toMatchObject({ has_more: false, next_cursor: null });
      });

      it('defaults to 50, clamps a larger limit to 100, and limit=0 returns only the total', async () => {
        expect((await get('/api/v1/designers')).body.meta).toMatchObject({ limit: 50, offset: 0, total: LISTED.length, has_more: false });
        expect((await get('/api/v1/designers?limit=1000')).body.meta.limit).toBe(100);
        const zero = await get('/api/v1/designers?limit=0&category=product');
        expect(zero.body.data).toEqual([]);
        // A count, not a page: nothing to continue from.
        expect(zero.body.meta).toMatchObject({ total: 4, limit: 0, has_more: false, next_cursor: null });
      });

      it('an offset past the end is an empty page with the exact total', async () => {
        const { body } = await get('/api/v1/designers?offset=500');
        expect(body.data).toEqual([]);
        expect(body.meta).toMatchObject({ total: LISTED.length, offset: 500, has_more: false, next_cursor: null });
      });

      it('the cursor walks every record once, in order, ending with has_more false', async () => {
        const { ids: walked, pages } = await walk('/api/v1/designers', 4);
        expect(walked).toEqual(BY_LISTED);
        expect(pages.map((p) => p.meta.offset)).toEqual(pages.map((_, i) => i * 4));
        expect(pages.slice(0, -1).every((p) => p.meta.has_more && p.meta.next_cursor)).toBe(true);
        expect(pages.at(-1)!.meta).toMatchObject({ has_more: false, next_cursor: null });
        expect(pages.every((p) => p.meta.total === LISTED.length)).toBe(true);
      });

      it('the cursor walks a filtered, relevance-ordered search completely', async () => {
        const all = await ids('/api/v1/designers?q=designer&limit=100');
        expect(all.length).toBeGreaterThan(6);
        const { ids: walked } = await walk('/api/v1/designers?q=designer', 3);
        expect(walked).toEqual(all);
        const filtered = await walk('/api/v1/designers?company=acme', 2);
        expect(sorted(filtered.ids)).toEqual(['d01', 'd02', 'd05', 'd07', 'd10']);
      });
    });

    describe('designers: errors', () => {
      const badRequests: [string, string][] = [
        ['category=painter', 'category'],
        ['limit=-1', 'limit'],
        ['limit=ten', 'limit'],
        ['offset=1.5', 'offset'],
        ['offset=9990&limit=20', 'offset'],
        ['colour=red', 'colour'],
        ['slug=Not%20A%20Slug', 'slug'],
        ['location=a&location=b', 'location'],
        [`q=${'x'.repeat(201)}`, 'q'],
        ['cursor=not-a-cursor', 'cursor'],
        ['id=%00', 'id'],
        ['slug=a%00b', 'slug'],
        ['q=brand%00', 'q'],
        ['location=%01US', 'location'],
        ['company=acme%7F', 'company'],
        ['q=%ED%A0%80', 'q'],
        ['location=%C0', 'location'],
        // No letter or digit: nothing to match, so not read as "every designer".
        ['location=%20(%20)%20', 'location'],
        ['q=%F0%9F%8E%A8', 'q'],
        ['company=_', 'company'],
        ['location=*', 'location'],
        // Within 200 characters, too costly once folded: 171 × ㍿ is one word of 684 letters, U+FDFA four words.
        [`q=${encodeURIComponent('\u337f'.repeat(171))}`, 'q'],
        [`company=${encodeURIComponent('\u337f'.repeat(9))}`, 'company'],
        [`location=${encodeURIComponent('\ufdfa '.repeat(11))}`, 'location'],
      ];
      it.each(badRequests)('400 for %s, naming %s', async (query, parameter) => {
        const { status, body } = await get<{ success: boolean; error: string; details: { parameter: string }[] }>(
          `/api/v1/designers?${query}`,
        );
        expect(status).toBe(400);
        expect(body.success).toBe(false);
        expect(body.details.map((d) => d.parameter)).toContain(parameter);
      });

      it('400 for a cursor used with other filters, or with an offset', async () => {
        const { body } = await get('/api/v1/designers?category=graphic&limit=2');
        const cursor = encodeURIComponent(body.meta.next_cursor!);
        const other = await get<{ details: { parameter: string; message: string }[] }>(`/api/v1/designers?category=product&cursor=${cursor}`);
        expect(other.status).toBe(400);
        expect(other.body.details[0]).toMatchObject({ parameter: 'cursor', message: expect.stringMatching(/different query/) });
        const withOffset = await get<{ details: { parameter: string }[] }>(`/api/v1/designers?category=graphic&offset=2&cursor=${cursor}`);
        expect(withOffset.status).toBe(400);
        expect(withOffset.body.details[0]!.parameter).toBe('offset');
      });

      // Tampered cursors that carry the right query fingerprint and the replicas' signature, so only the sort
      // values or the snapshot are wrong: each must be a 400 on the cursor, on every engine, before the
      // engine sees it.
      const signed = new CursorCodec(CONTRACT_CURSOR_SECRET);
      const payload = (filters: object, change: object) => ({ v: 1, k: 'designers', h: queryFingerprint(filters), o: 5, sa: [1, 'x'], ...change });
      const tampered = (filters: object, change: object) => encodeURIComponent(signed.encode(payload(filters, change) as Cursor));
      it.each([
        ['a boolean sort value', '', {}, { sa: [true, 'x'] }],
        ['no sort values', '', {}, { sa: [] }],
        ['a date out of range', '', {}, { sa: [9e18, 'x'] }],
        ['a relevance cursor without its score', 'q=brand', { q: 'brand' }, { sa: [1, 'x'] }],
        ['a bigint past 64 bits', 'q=brand', { q: 'brand' }, { sa: [1, '99999999999999999999', 'x'] }],
        ['a snapshot of one character', 'q=brand', { q: 'brand' }, { sa: [1, 1, 'x'], pit: 'x' }],
        ['a NUL in the id sort value', '', {}, { sa: [1, 'a\u0000'] }],
      ])('400 for a tampered cursor: %s', async (_name, query, filters, change) => {
        const { status, body } = await get<{ success: boolean; details: { parameter: string; message: string }[] }>(
          `/api/v1/designers?${query}${query ? '&' : ''}limit=2&cursor=${tampered(filters, change)}`,
        );
        expect(status).toBe(400);
        expect(body.details[0]).toMatchObject({ parameter: 'cursor', message: expect.stringMatching(/not a valid cursor|expired/) });
      });

      it('a cursor without the replicas\' signature is a 400 on the cursor, on every engine: the snapshot it names never reaches one', async () => {
        const named = payload({ q: 'brand' }, { sa: [1, 1, 'x'], pit: 'bm90LWEtcmVhbC1wb2ludC1pbi10aW1l' });
        const unsigned = Buffer.from(JSON.stringify(named)).toString('base64url');
        const genuine = decodeURIComponent(tampered({ q: 'brand' }, { sa: [1, 1, 'x'] }));
        const otherSecret = new CursorCodec('another-deployment-secret-0123456789').encode(named as Cursor);
        for (const cursor of [unsigned, `${unsigned}.${genuine.slice(genuine.lastIndexOf('.') + 1)}`, otherSecret]) {
          const { status, body } = await get<{ details: { parameter: string; message: string }[] }>(
            `/api/v1/designers?q=brand&limit=2&cursor=${encodeURIComponent(cursor)}`,
          );
          expect(status).toBe(400);
          expect(body.details).toEqual([{ parameter: 'cursor', message: expect.stringMatching(/not a valid cursor/) }]);
        }
      });

      it('400 for a tampered open-role cursor', async () => {
        const cursor = signed.encode({ v: 1, k: 'open_roles', h: queryFingerprint({}), o: 1, sa: ['x', true, 1, 2] });
        const { status, body } = await get<{ details: { parameter: string }[] }>(`/api/v1/open-roles?cursor=${encodeURIComponent(cursor)}`);
        expect(status).toBe(400);
        expect(body.details[0]!.parameter).toBe('cursor');
      });

      it('400 for a cursor of an open-role search', async () => {
        const { body } = await get('/api/v1/open-roles?limit=1');
        const { status } = await get(`/api/v1/designers?cursor=${encodeURIComponent(body.meta.next_cursor!)}`);
        expect(status).toBe(400);
      });

      it('404 for an unknown slug and an unknown route', async () => {
        const missing = await get<{ success: boolean; error: string }>('/api/v1/designers/no-such-person');
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({ success: false, error: 'No designer with slug "no-such-person".' });
        expect((await get('/api/v1/nope')).status).toBe(404);
      });
    });

    describe('open roles', () => {
      it('lists live, published open roles: featured first, then newest; expired and draft never', async () => {
        expect(await ids('/api/v1/open-roles')).toEqual(['r1', 'r6', 'r2', 'r3', 'r7']);
      });

      it('a name written with capitals is held in the title, company or location, not the description', async () => {
        // r1's description says "Own the checkout."; its title, company and location do not.
        expect(await ids('/api/v1/open-roles?q=designer%20own%20checkout')).toEqual(['r1']);
        expect(await ids('/api/v1/open-roles?q=designer%20Own%20Checkout')).toEqual([]);
        // Globex Corporation is r2's company.
        expect(await ids('/api/v1/open-roles?q=designer%20Globex%20Corporation')).toEqual(['r2']);
      });

      it('returns the open role exactly', async () => {
        const { body } = await get<{ data: unknown[] }>('/api/v1/open-roles?company=hooli');
        expect(body.data).toEqual([toOpenRole(OPEN_ROLES[6]!)]);
      });

      it('filters by remote, employment type, category, location and company, combined with AND', async () => {
        expect(await ids('/api/v1/open-roles?remote=true')).toEqual(['r2', 'r7']);
        expect(await ids('/api/v1/open-roles?remote=false')).toEqual(['r1', 'r6', 'r3']);
        expect(await ids('/api/v1/open-roles?employment_type=contract')).toEqual(['r2']);
        expect(await ids('/api/v1/open-roles?category=directors')).toEqual(['r6']);
        expect(await ids('/api/v1/open-roles?location=US')).toEqual(['r1', 'r2']);
        expect(await ids('/api/v1/open-roles?location=russels')).toEqual([]);
        expect(await ids('/api/v1/open-roles?company=acme%20st')).toEqual(['r1']);
        expect(await ids('/api/v1/open-roles?remote=true&location=US&category=brand&company=globex')).toEqual(['r2']);
        expect(await ids('/api/v1/open-roles?remote=true&category=director')).toEqual([]);
      });

      it('free text with prefixes and typos; featured still first', async () => {
        expect(await ids('/api/v1/open-roles?q=reseacher')).toEqual(['r7']);
        expect(await ids('/api/v1/open-roles?q=anim')).toEqual(['r3']);
        expect(await ids('/api/v1/open-roles?q=checkout')).toEqual(['r1']);
        // "designer" has 8 letters, so 2 edits: "Head of Design" (r6) matches too. Featured first.
        const designers = await ids('/api/v1/open-roles?q=designer');
        expect(sorted(designers.slice(0, 2))).toEqual(['r1', 'r6']);
        expect(sorted(designers)).toEqual(['r1', 'r2', 'r3', 'r6']);
        expect(await ids('/api/v1/open-roles?q=motion%20designer')).toEqual(['r3']);
      });

      it('the open roles whose title holds the role a request names match however few of the words that qualify it', async () => {
        expect(await ids('/api/v1/open-roles?q=a%20motion%20designer%20who%20can%20start%20next%20month')).toEqual(['r3']);
        expect(await ids('/api/v1/open-roles?q=a%20ux%20researcher%20comfortable%20running%20diary%20studies')).toEqual(['r7']);
        expect(await ids('/api/v1/open-roles?q=a%20motion%20designer%20who%20can%20start%20next%20month%20in%20ulaanbaatar')).toEqual([]);
        expect(await ids('/api/v1/open-roles?q=zzqx%20motion%20designer%20who%20can%20start%20next%20month')).toEqual([]);
      });

      it('a request in words: what every open role is called (jobs, roles, positions, work) need not match', async () => {
        expect(await ids('/api/v1/open-roles?q=motion%20roles')).toEqual(['r3']);
        expect(await ids('/api/v1/open-roles?q=motion%20design%20roles%20in%20berlin')).toEqual(['r3']);
        expect(await ids('/api/v1/open-roles?q=ux%20research%20positions')).toEqual(['r7']);
        expect(await ids('/api/v1/open-roles?q=checkout%20work')).toEqual(['r1']);
        expect(await ids('/api/v1/open-roles?q=jobs')).toEqual([]);
      });

      it('an employer the request names is held in the company or the location', async () => {
        expect(await ids('/api/v1/open-roles?q=designer%20jobs%20at%20acme%20studio')).toEqual(['r1']);
        // The description says "checkout"; no company does.
        expect(await ids('/api/v1/open-roles?q=designer%20at%20checkout')).toEqual([]);
        expect(await ids('/api/v1/open-roles?q=motion%20roles%20at%20initec')).toEqual(['r3']);
      });

      it('hides an open role once its expiry passes, with no write to the engine', async () => {
        clock = new Date(NOW.getTime() + 3 * 3_600_000);
        try {
          expect(await ids('/api/v1/open-roles')).toEqual(['r1', 'r6', 'r2', 'r3']);
        } finally {
          clock = NOW;
        }
      });

      it('pages with limit, offset and the cursor', async () => {
        const { ids: walked, pages } = await walk('/api/v1/open-roles', 2);
        expect(walked).toEqual(['r1', 'r6', 'r2', 'r3', 'r7']);
        expect(pages).toHaveLength(3);
        expect((await get('/api/v1/open-roles?limit=2&offset=2')).body.data.map((d) => d.id)).toEqual(['r2', 'r3']);
      });

      it('400 for bad parameters', async () => {
        for (const query of ['remote=yes', 'employment_type=gig', 'category=painter', 'limit=-3', 'foo=bar']) {
          expect((await get(`/api/v1/open-roles?${query}`)).status, query).toBe(400);
        }
      });
    });

    describe('named differences between engines, and limits they share', () => {
      const late: DesignerFixture = {
        ...DESIGNERS.find((d) => d.slug === 'filler-12')!,
        id: 'd99',
        slug: 'filler-late',
        name: 'Filler Late',
        listed_at: '2020-01-01T00:00:00.000Z',
      };
      const expectation: Record<EngineName, 'snapshot' | 'live'> = {
        elasticsearch: 'snapshot',
        pglite: 'live',
        postgres: 'live',
      };

      it(`a relevance-ordered cursor walk reads a snapshot on Elasticsearch and live rows on Postgres: ${expectation[engine.name]}`, async () => {
        const first = await get(`/api/v1/designers?q=filler&limit=5`);
        expect(first.body.meta.total).toBe(12);
        // On Elasticsearch the snapshot is taken when the first cursor is followed (docs/api.md, "Snapshots on Elasticsearch").
        const second = await get(`/api/v1/designers?q=filler&limit=5&cursor=${encodeURIComponent(first.body.meta.next_cursor!)}`);
        await served.loaded.addDesigner(late);
        try {
          const seen = [...first.body.data.map((d) => d.id), ...second.body.data.map((d) => d.id)];
          let cursor = second.body.meta.next_cursor;
          while (cursor) {
            const { body } = await get(`/api/v1/designers?q=filler&limit=5&cursor=${encodeURIComponent(cursor)}`);
            seen.push(...body.data.map((d) => d.id));
            cursor = body.meta.next_cursor;
          }
          if (expectation[engine.name] === 'snapshot') {
            expect(seen).not.toContain('d99');
            expect(seen).toHaveLength(12);
          } else {
            expect(seen.at(-1)).toBe('d99');
            expect(seen).toHaveLength(13);
          }
        } finally {
          await served.loaded.removeDesigner('d99');
        }
        expect(await ids('/api/v1/designers?q=filler&limit=100')).not.toContain('d99');
      });

      it("the last word's prefix over descriptions finds every word, past Elasticsearch's 50 expansions", async () => {
        // phrase_prefix expands a prefix to at most max_expansions (50) terms, except on fields with
        // index_prefixes, where it is one exact term: every searched field has them, so no engine caps.
        const words = Array.from({ length: 55 }, (_, i) => `qza${String(i).padStart(2, '0')}`);
        const many: DesignerFixture = { ...late, id: 'd97', slug: 'prefix-many', name: 'Prefix Many', description: words.join(' ') };
        const beyond: DesignerFixture = { ...late, id: 'd98', slug: 'prefix-beyond', name: 'Prefix Beyond', description: 'qzz' };
        await served.loaded.addDesigner(many);
        await served.loaded.addDesigner(beyond);
        try {
          const found = sorted(await ids('/api/v1/designers?q=qz'));
          expect(found).toEqual(['d97', 'd98']);
          // A longer prefix within the cap finds it on every engine.
          expect(await ids('/api/v1/designers?q=qzz')).toEqual(['d98']);
        } finally {
          await served.loaded.removeDesigner('d97');
          await served.loaded.removeDesigner('d98');
        }
      });
    });

    describe('MCP tools (hosted server over Streamable HTTP)', () => {
      const client = hostedMcpClient(served);

      const restIds = async (path: string) => (await get(path)).body.data.map((d) => d.id);
      const toolIds = (structured: Record<string, unknown> | undefined) =>
        ((structured?.results ?? []) as { id: string }[]).map((r) => r.id);

      it('search_designers matches what REST matches, for every filter and combination', async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ location: 'US', limit: 50 }, '/api/v1/designers?location=US&limit=50'],
          [{ company: 'acme', limit: 50 }, '/api/v1/designers?company=acme&limit=50'],
          [{ category: 'directors', limit: 50 }, '/api/v1/designers?category=directors&limit=50'],
          [{ category: 'product', location: 'US', company: 'acme', limit: 50 }, '/api/v1/designers?category=product&location=US&company=acme&limit=50'],
          [{ limit: 50 }, '/api/v1/designers?limit=50'],
        ];
        for (const [args, path] of cases) {
          const result = await callTool(client(), 'search_designers', args);
          expect(result.isError, JSON.stringify(args)).toBe(false);
          expect(toolIds(result.structured), JSON.stringify(args)).toEqual(await restIds(path));
          expect(result.structured?.total).toBe((await get(path)).body.meta.total);
        }
      });

      it('search_designers names the words that match nothing, and suggests structured arguments it checked', async () => {
        const empty = await callTool(client(), 'search_designers', { q: 'zzqx illustrator fintech' });
        expect(empty.structured?.total).toBe(0);
        expect(empty.text).toContain('No designer matches the word "zzqx".');
        expect(empty.text).toContain('company="…"');
        const place = await callTool(client(), 'search_designers', { q: 'a designer based in seoul' });
        // The search ran as asked (q matched d08 by title and location), and the text offers the exact filter.
        expect(toolIds(place.structured)).toEqual(await restIds('/api/v1/designers?q=a%20designer%20based%20in%20seoul'));
        // "designer" is what every record is: q=designer beside the place would only drop people.
        expect(place.text).toContain('consider calling search_designers with {"location":"seoul"} (1 designer)');
        const employer = await callTool(client(), 'search_designers', { q: 'motion designer who worked at acme studio' });
        expect(employer.text).toContain('{"category":"motion","company":"acme studio"}');
        // A place named without "in", after a specialty: checked against the directory like the others.
        const unmarked = await callTool(client(), 'search_designers', { q: 'illustrator seoul' });
        // "illustrator" names the category and narrows it: it stays in q.
        expect(unmarked.text).toContain('consider calling search_designers with {"category":"graphic","location":"seoul","q":"illustrator"} (1 designer)');
        const nowhere = await callTool(client(), 'search_designers', { q: 'illustrator hana' });
        expect(nowhere.text).not.toContain('"location"');
        // An employer whose name holds a filler word is suggested whole, and so is the suggestion's search.
        const works = await callTool(client(), 'search_designers', { q: '3d artist who worked at macme works' });
        expect(works.text).toContain('"company":"macme works"');
        // Two specialties named: no category is guessed, since either would filter out the other's people.
        const two = await callTool(client(), 'search_designers', { q: 'someone who can do 3d product renders' });
        expect(two.text).not.toContain('"category"');
      });

      it('search_designers offers only calls that find someone, as many as it says, and names a word its results do not match', async () => {
        const offered = async (tool: string, args: Record<string, unknown>) => {
          const { text } = await callTool(client(), tool, args);
          const match = /consider calling \w+ with (\{.*?\}) \((\d+) /.exec(text);
          return match ? { args: JSON.parse(match[1]!) as Record<string, unknown>, found: Number(match[2]), text } : { text };
        };
        for (const [tool, args] of [
          ['search_designers', { q: 'illustrator in seoul' }],
          ['search_designers', { q: 'motion designer who worked at acme studio' }],
          ['search_designers', { q: 'designers in seoul', category: 'graphic' }],
          ['list_open_roles', { q: 'remote brand designer jobs' }],
          ['list_open_roles', { q: 'freelance motion roles in berlin' }],
        ] as const) {
          const offer = await offered(tool, args);
          expect(offer.found, `${tool} ${JSON.stringify(args)}: ${offer.text}`).toBeGreaterThan(0);
          const called = await callTool(client(), tool, offer.args!);
          expect(called.structured?.total, JSON.stringify(offer.args)).toBe(offer.found);
        }
        // The caller's own category stays in the call offered.
        expect((await offered('search_designers', { q: 'designers in seoul', category: 'graphic' })).args).toEqual({ category: 'graphic', location: 'seoul' });
        // Hana Kim is an illustrator at Globex; nobody's text says aerospace (two of three words are enough to
        // match): the answer says so beside her.
        const partly = await callTool(client(), 'search_designers', { q: 'illustrator globex aerospace' });
        expect(toolIds(partly.structured)).toContain('d08');
        expect(partly.text).toContain('No designer matches the word "aerospace": these results match the other words of q.');
      });

      it('search_designers pages through every listed designer once by its next arguments', async () => {
        const seen: string[] = [];
        let args: Record<string, unknown> | null = { limit: 2 };
        for (let i = 0; args && i < 50; i++) {
          const result = await callTool(client(), 'search_designers', args);
          expect(result.isError).toBe(false);
          seen.push(...toolIds(result.structured));
          args = (result.structured?.next_arguments ?? null) as Record<string, unknown> | null;
        }
        expect(seen).toEqual(BY_LISTED);
      });

      it('get_designer returns the REST profile, and an unknown slug suggests search_designers', async () => {
        const rest = await get<{ data: unknown }>('/api/v1/designers/hana-kim');
        const found = await callTool(client(), 'get_designer', { slug: 'hana-kim' });
        expect(found.isError).toBe(false);
        expect(found.structured).toEqual({ designer: rest.body.data });
        const missing = await callTool(client(), 'get_designer', { slug: 'nobody-here' });
        expect(missing.isError).toBe(true);
        expect(missing.text).toContain('search_designers');
      });

      it('list_open_roles hides expired open roles exactly as REST does', async () => {
        const result = await callTool(client(), 'list_open_roles', { limit: 50 });
        expect(result.isError).toBe(false);
        expect(toolIds(result.structured)).toEqual(await restIds('/api/v1/open-roles?limit=50'));
        expect(toolIds(result.structured)).toEqual(['r1', 'r6', 'r2', 'r3', 'r7']);
      });

      it('list_open_roles finds a request in words and suggests the structured arguments it names, checked', async () => {
        const remote = await callTool(client(), 'list_open_roles', { q: 'remote brand designer jobs' });
        expect(toolIds(remote.structured)).toEqual(['r2']);
        expect(remote.text).toContain('consider calling list_open_roles with {"category":"brand","remote":true}');
        const berlin = await callTool(client(), 'list_open_roles', { q: 'freelance motion roles in berlin' });
        expect(toolIds(berlin.structured)).toEqual(['r3']);
        expect(berlin.text).toContain('consider calling list_open_roles with {"category":"motion","location":"berlin","employment_type":"freelance"}');
        // No open role in Lisbon: the place is not suggested.
        const lisbon = await callTool(client(), 'list_open_roles', { q: 'brand roles in lisbon' });
        expect(lisbon.text).not.toContain('"location"');
        const nothing = await callTool(client(), 'list_open_roles', { q: 'quantum motion gigs' });
        expect(nothing.structured?.total).toBe(0);
        expect(nothing.text).toContain('No open role matches the word "quantum".');
        // Each suggestion, called, finds what the words meant.
        const called = await callTool(client(), 'list_open_roles', { category: 'motion', location: 'berlin', employment_type: 'freelance' });
        expect(toolIds(called.structured)).toEqual(['r3']);
      });

      it('an invalid argument is an error result naming the field and the allowed values', async () => {
        const result = await callTool(client(), 'search_designers', { category: 'designers' });
        expect(result.isError).toBe(true);
        expect(result.text).toContain('category');
        expect(result.text).toContain('product');
      });
    });
  });
});
