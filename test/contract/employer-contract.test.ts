import { describe, expect, it } from 'vitest';
import { contractEngines } from './engines.ts';
import { withExtraDesigners } from './extra-designers.ts';
import { DESIGNERS, type DesignerFixture } from './fixtures.ts';
import type { Role } from '../../shared/domain/role.schema.ts';

/**
 * The employers a request names, one behaviour on PGlite, a Postgres server and Elasticsearch: a tool's name
 * after "at" is the company, a role at the employer itself ranks above a role at a sister company whose
 * name holds the employer's and more ("Spotify Studios" for "Spotify"), a former employer's people are
 * ranked by what the request says of now in their current role, and an employer the designer worked at, beside
 * a role and a place, ranks its people first when some role had it (preferableEmployer), as a place beside a
 * role and an employer it is at now does where some designer is (preferablePlace).
 */

const base = DESIGNERS[0]!;
const role = (title: string, company: string): Role => ({ title, company, company_url: null });
let n = 0;
/** Each newer than the one before and than every fixture: a tie of scores would rank the later one first. */
const extra = (slug: string, name: string, current: Role, previous: Role[], description: string): DesignerFixture => {
  n += 1;
  return {
    ...base,
    id: `em${n}`,
    slug,
    name,
    website: `https://${slug}.example`,
    portfolio_preview: `https://images.example/${slug}.jpg`,
    description,
    location: 'Berlin, DE',
    current_role: current,
    previous_roles: previous,
    status: 'published',
    opted_in: true,
    listed_at: `2026-06-${String(n).padStart(2, '0')}T00:00:00.000Z`,
  };
};

const EXTRA = [
  // Figma itself, its sister company, and a designer who uses the tool.
  extra('fay-figma', 'Fay Fenn', role('Map Designer', 'Figma'), [], 'Route maps.'),
  extra('flo-labs', 'Flo Frost', role('Map Designer', 'Figma Labs'), [], 'Route maps.'),
  extra('uma-user', 'Uma Ure', role('Map Designer', 'Kestrel'), [], 'Prototypes route maps in Figma.'),
  // Spotify before, and Spotify Studios before (the newer listing).
  extra('sam-spotify', 'Sam Sato', role('Map Designer', 'Kestrel'), [role('Map Designer', 'Spotify')], 'Route maps.'),
  extra('sid-studios', 'Sid Sosa', role('Map Designer', 'Kestrel'), [role('Map Designer', 'Spotify Studios')], 'Route maps.'),
  // Framer before, and its sister company before (the newer listing).
  extra('fia-framer', 'Fia Falk', role('Map Designer', 'Kestrel'), [role('Copywriter', 'Framer')], 'Route maps.'),
  extra('fen-sister', 'Fen Fox', role('Map Designer', 'Kestrel'), [role('Copywriter', 'Framer Studio')], 'Route maps.'),
  // A Design Director now who was at Nike in another role, and one who was Nike's Design Director (the newer listing).
  extra('dot-now', 'Dot Dunn', role('Design Director', 'Kestrel'), [role('Copywriter', 'Nike')], 'Route maps.'),
  extra('dev-before', 'Dev Dale', role('Copywriter', 'Kestrel'), [role('Design Director', 'Nike')], 'Route maps.'),
  // An employer whose last word and the title's first make a phrase of the field ("games design").
  extra('gil-lead', 'Gil Gray', role('Design Lead', 'Kite Games'), [], 'Route maps.'),
  extra('gus-game', 'Gus Gale', role('Lead Game Designer', 'Kestrel'), [], 'Route maps.'),
  // A Design Engineer at Webflow, and a Creative Technologist (the newer listing) who was one and names the tool.
  extra('dex-webflow', 'Dex Dorn', role('Design Engineer', 'Webflow'), [], 'Route maps.'),
  extra('cal-tech', 'Cal Cobb', role('Creative Technologist', 'Kestrel'), [role('Design Engineer', 'Webflow')], 'Prototypes route maps in Webflow.'),
  // Packaging Designers: one in Berlin who was at Ostravia, one in Berlin who never was (the newer listing), and
  // one who was at Ostravia and is in Porto.
  extra('pia-was', 'Pia Pohl', role('Packaging Designer', 'Kestrel'), [role('Packaging Designer', 'Ostravia')], 'Cartons.'),
  extra('pet-never', 'Pet Park', role('Packaging Designer', 'Kestrel'), [], 'Cartons.'),
  // A Chart Designer who draws in Figma, and one at Figma Labs (the newer listing) who names no tool.
  extra('cy-user', 'Cy Cole', role('Chart Designer', 'Kestrel'), [], 'Draws charts in Figma.'),
  extra('cz-labs', 'Cz Cruz', role('Chart Designer', 'Figma Labs'), [], 'Draws charts.'),
  // Map Designers who build design systems: one at Porter Design, one (the newer listing) at Kestrel.
  extra('dana-porter', 'Dana Dahl', role('Map Designer', 'Porter Design'), [], 'Builds design systems, and for accessibility.'),
  extra('dale-kestrel', 'Dale Dunn', role('Map Designer', 'Kestrel'), [], 'Builds design systems, and for accessibility.'),
  { ...extra('pol-porto', 'Pol Pires', role('Packaging Designer', 'Kestrel'), [role('Packaging Designer', 'Ostravia')], 'Cartons.'), location: 'Porto, PT' },
];

describe.each(contractEngines)('employers a request names on $name', (engine) => {
  const reason = engine.unavailable();
  const { slugs } = withExtraDesigners(engine, EXTRA);

  it.skipIf(reason)('a tool named after "at" is the employer: its staff, not its users', async () => {
    for (const q of ['map designers at figma', 'map designer at Figma']) {
      // Figma itself, then its sister company; the designer who uses Figma works elsewhere.
      expect([q, await slugs(q)]).toEqual([q, ['fay-figma', 'flo-labs']]);
    }
    // Without "at", the tool: its user is a match.
    expect(await slugs('map designer figma')).toContain('uma-user');
  });

  it.skipIf(reason)('a tool a request hedges ranks its users above the staff of a company named like it', async () => {
    for (const q of ['chart designers, ideally knows figma', 'chart designer, figma experience a plus', 'chart designers, bonus if they use figma or sketch']) {
      expect([q, await slugs(q)]).toEqual([q, ['cy-user', 'cz-labs']]);
    }
  });

  it.skipIf(reason)('a word of a skill the request names scores nothing in a company\'s name: "design systems" is no Porter Design', async () => {
    // Both build design systems; Dale is the newer listing. Scored in the company, "design" put Dana first.
    // Read across the "and" as "accessible design", the last request left "design" no skill's word.
    for (const q of ['map designers who know design systems', 'map designer, design systems', 'map designers strong in accessibility and design systems']) {
      expect([q, (await slugs(q)).slice(0, 2)]).toEqual([q, ['dale-kestrel', 'dana-porter']]);
    }
    // Named as the employer, the company is where the role is.
    expect((await slugs('map designer at porter design'))[0]).toBe('dana-porter');
  });

  it.skipIf(reason)('a tool typed bare after a title may be the employer: the title there now ranks first', async () => {
    expect((await slugs('design engineer webflow'))[0]).toBe('dex-webflow');
  });

  it.skipIf(reason)('a tool the request says the designer uses ranks its users above the staff of its maker', async () => {
    for (const q of ['map designer who knows figma', 'map designers with figma', 'map designer using figma', 'map designer w/ figma']) {
      // Uma prototypes in Figma at Kestrel; Fay and Flo work at Figma and Figma Labs and name no tool.
      expect([q, (await slugs(q))[0]]).toEqual([q, 'uma-user']);
    }
  });

  it.skipIf(reason)('an "or" list of employers with a tool in it names the employers: the tool\'s company itself first', async () => {
    // Fia worked at Framer, Fen at Framer Studio (the newer listing).
    const found = await slugs('map designers in berlin who have worked at framer or lego');
    expect(found.slice(0, 2)).toEqual(['fia-framer', 'fen-sister']);
  });

  it.skipIf(reason)('a role at the employer named ranks above a role at its sister company', async () => {
    for (const q of ['ex spotify map designers', 'map designers who used to work at spotify', 'map designers in berlin who have worked at spotify or lego']) {
      const found = await slugs(q);
      // Sam was at Spotify, Sid at Spotify Studios: both hold "spotify", Sid is the newer listing.
      expect([q, found.slice(0, 2)]).toEqual([q, ['sam-spotify', 'sid-studios']]);
    }
    // The sister company named whole is that company.
    expect((await slugs('ex spotify studios map designers'))[0]).toBe('sid-studios');
  });

  it.skipIf(reason)('what a request for past roles says of now is the current role: no previous role holds it', async () => {
    for (const q of ['ex-nike folks who are now design directors', 'ex nike designers, now design directors', 'design directors, ex nike']) {
      const found = await slugs(q);
      // Dot is a Design Director now and was at Nike; Dev was Nike's Design Director and is a Copywriter now.
      expect([q, found.indexOf('dot-now')]).toEqual([q, 0]);
      expect([q, found.indexOf('dev-before')]).toEqual([q, 1]);
    }
    // Said of the past, the role is a previous one: Dev was the Design Director at Nike.
    expect((await slugs('ex nike design directors'))[0]).toBe('dev-before');
  });

  it.skipIf(reason)('an employer the designer worked at, beside a role and a place, ranks its people first and keeps the others there', async () => {
    for (const q of [
      'packaging designers in berlin who worked at ostravia',
      'a packaging designer in Berlin, previously at Ostravia',
      'packaging designer in berlin, ex ostravia',
      'packaging designers in berlin who used to be at ostravia',
      'packaging designers in berlin with experience at ostravia',
      'ich suche einen Packaging Designer in Berlin, der bei Ostravia gearbeitet hat',
    ]) {
      const found = await slugs(q);
      // Pia was at Ostravia; Pet, the newer listing, never was; Pol was, but is in Porto.
      expect([q, found.slice(0, 2)]).toEqual([q, ['pia-was', 'pet-never']]);
      expect([q, found.includes('pol-porto')]).toEqual([q, false]);
    }
  });

  it.skipIf(reason)('a place beside a role and an employer the role is at now ranks its people first and keeps the others at the employer', async () => {
    for (const q of ['packaging designers at kestrel based in porto', 'a packaging designer at Kestrel in Porto']) {
      const found = await slugs(q);
      // Pol is in Porto; Pia and Pet, at Kestrel too, are in Berlin (Pet the newer listing).
      expect([q, found]).toEqual([q, ['pol-porto', 'pet-never', 'pia-was']]);
    }
    // Nobody is in Ulaanbaatar, nobody is at Quixley: nobody answers.
    expect(await slugs('packaging designers at kestrel based in ulaanbaatar')).toEqual([]);
    expect(await slugs('packaging designers at quixley based in porto')).toEqual([]);
  });

  it.skipIf(reason)('an employer no role of the directory had, a role at it now, or one of several named stays required', async () => {
    // Nobody was at Quixley: nobody answers, not the Packaging Designers in Berlin.
    expect(await slugs('packaging designers in berlin who worked at quixley')).toEqual([]);
    // "at" says where the role is now: the employer stays required (Pet never was there), and the place,
    // where some designer is, ranks: Pia in Berlin, then Pol in Porto.
    expect(await slugs('packaging designers at ostravia in berlin')).toEqual(['pia-was', 'pol-porto']);
    // A second name beside it is a second employer the request asks for: Pet was at neither.
    expect(await slugs('packaging designers in berlin who worked at ostravia and initech')).not.toContain('pet-never');
  });

  it.skipIf(reason)('an employer typed before the role is no part of the role: "kite games design lead" is the Design Lead at Kite Games', async () => {
    // Read as "games design", the role required a Game Designer and left Gil out.
    expect((await slugs('kite games design lead'))[0]).toBe('gil-lead');
    expect((await slugs('kite games design lead berlin'))[0]).toBe('gil-lead');
    // Both readings of "game design lead" are held: the Design Lead and the Lead Game Designer.
    const both = await slugs('game design lead');
    expect(both).toContain('gil-lead');
    expect(both).toContain('gus-game');
    // A role's phrase right after a word that may start an employer's name ("kite games designers") is also the
    // head at that employer: Gil, a Design Lead at Kite Games, is no game designer.
    expect((await slugs('kite games designers'))[0]).toBe('gil-lead');
    expect(await slugs('kite games designers in berlin')).toContain('gil-lead');
  });
});

/**
 * Packaging Designers at Kestrel: one in Berlin who was at Ostravia, one in Porto, and three in Berlin who never
 * were (each newer than the one before).
 */
const WALKED = [
  { ...extra('kim-was', 'Kim Kay', role('Packaging Designer', 'Kestrel'), [role('Packaging Designer', 'Ostravia')], 'Cartons.'), id: 'walk1' },
  { ...extra('kip-porto', 'Kip Kerr', role('Packaging Designer', 'Kestrel'), [], 'Cartons.'), id: 'walk2', location: 'Porto, PT' },
  ...['kai', 'kit', 'kat'].map((name, i) => ({ ...extra(`${name}-never`, `${name} Kerr`, role('Packaging Designer', 'Kestrel'), [], 'Cartons.'), id: `walk${i + 3}` })),
];

describe.each(contractEngines)('a walk over a request read with facts of the directory on $name', (engine) => {
  const reason = engine.unavailable();
  const { loaded } = withExtraDesigners(engine, WALKED);

  /** Every page of q's walk, two records a page; `between` runs after the first. */
  const walk = async (q: string, between: () => Promise<void>): Promise<string[][]> => {
    const { search } = loaded();
    let page = await search.searchDesigners({ q }, { limit: 2, offset: 0 });
    const pages = [page.items.map((d) => d.slug)];
    await between();
    while (page.nextCursor) {
      page = await search.searchDesigners({ q }, { limit: 2, offset: 0, cursor: page.nextCursor });
      pages.push(page.items.map((d) => d.slug));
    }
    return pages;
  };

  it.skipIf(reason)('reads the request on every page as its first page did, though what it looked up goes mid-walk', async () => {
    // Kim alone was at Ostravia: the employer ranks, and every Packaging Designer in Berlin answers. Kim leaves
    // after the first page. Read again, the employer would be required of the later pages, which nobody left
    // holds: the walk would end there and skip two designers.
    const served = await walk('packaging designers in berlin who worked at ostravia', () => loaded().removeDesigner('walk1'));
    expect(served).toEqual([['kim-was', 'kat-never'], ['kit-never', 'kai-never']]);
    // Kip alone is in Porto: the place ranks, and every Packaging Designer left at Kestrel answers; Kip leaves.
    const placed = await walk('packaging designers at kestrel based in porto', () => loaded().removeDesigner('walk2'));
    expect(placed).toEqual([['kip-porto', 'kat-never'], ['kit-never', 'kai-never']]);
  });
});

/** Map Designers at companies named by initials joined by "&", and at companies holding one of the initials (each newer). */
const INITIALS = [
  extra('ann-att', 'Ann Aho', role('Map Designer', 'AT&T'), [], 'Route maps.'),
  extra('tia-tmobile', 'Tia Toll', role('Map Designer', 'T-Mobile'), [], 'Route maps.'),
  extra('hal-hm', 'Hal Hahn', role('Map Designer', 'H&M'), [], 'Route maps.'),
  extra('mo-studio', 'Mo Moss', role('Map Designer', 'M Studio'), [], 'Route maps for H Street.'),
];

describe.each(contractEngines)('a company named by initials joined by "&" on $name', (engine) => {
  const reason = engine.unavailable();
  const { slugs } = withExtraDesigners(engine, INITIALS);

  it.skipIf(reason)('is one word: its people alone, not those whose company or bio holds one of the letters', async () => {
    // Read as the filler "at" and a "t", AT&T found T-Mobile's Map Designer too (first: the newer listing).
    for (const q of ['map designers at AT&T', 'AT&T']) expect([q, await slugs(q)]).toEqual([q, ['ann-att']]);
    // Typed without "at", the company is one word of four, three of which every Map Designer here holds.
    expect((await slugs('at&t map designer in berlin'))[0]).toBe('ann-att');
    for (const q of ['map designers at H&M', 'h&m']) expect([q, await slugs(q)]).toEqual([q, ['hal-hm']]);
  });
});
