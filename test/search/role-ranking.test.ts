import { describe, expect, it } from 'vitest';
import type { CorpusDesigner } from '../../bench/relevance/corpus.ts';
import { buildDesignerRecord } from '../../shared/domain/designer.builder.ts';
import type { Role } from '../../shared/domain/role.schema.ts';
import { requireServices } from '../support/services.ts';
import { rankingEngines } from './support/ranking-engines.ts';

/**
 * The ranking rules of docs/api.md on real Elasticsearch and the embedded engine alike: one role holding a
 * title and a company ranks above a bio naming them, above the words spread over two roles and above the
 * title at a sister company; an exact word ranks above a name that only starts with it; the current role
 * holding the concept named (or a synonym of it) ranks above a former one, "ex" scopes what follows it to
 * previous roles, and a concept counts in a role as a whole.
 */
const services = requireServices('elasticsearch');

const role = (title: string, company: string): Role => ({ title, company, company_url: null });
let n = 0;
function designer(name: string, current: Role | null, previous: Role[], description: string): CorpusDesigner {
  n += 1;
  const id = `rr${String(n).padStart(3, '0')}`;
  // The distractors are listed later: on a tie of scores they would come first.
  const record = buildDesignerRecord({
    id, slug: id, name, description, category: 'graphic', location: 'Berlin, DE', current_role: current, previous_roles: previous,
    opted_in: true, status: 'published', listed_at: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString(),
  });
  return { ...record, id, listed_at: record.listed_at!, skills: [], domains: [] };
}

const corpus: CorpusDesigner[] = [
  designer('Ines Kowalski', role('Lead Designer', 'Canva'), [], 'Designs for fintech products.'),
  // Another title at the company, and a bio naming the title at another company.
  designer('Amara Okafor', role('Illustrator', 'Canva'), [role('Lead Designer', 'Miro')], 'Previously lead designer at Miro. Brings lead designer craft to Canva.'),
  // The title now, the company before: one word per role.
  designer('Kofi Mensah', role('Lead Designer', 'Miro'), [role('Illustrator', 'Canva')], 'Works across edtech teams.'),
  // The title at the company before, in a bio only.
  designer('Lars Hansen', role('Lead Designer', 'Figma'), [], 'Reports to the lead designer at Canva. Lead designer craft, lead designer talks.'),
  designer('Mei Chen', role('Brand Designer', 'Figma'), [], 'Logo design.'),
  designer('Omar Haddad', role('Senior Brand Designer', 'Nike'), [], 'Packaging.'),
  designer('Hana Sato', role('Head of Design', 'Google'), [], 'Design leadership.'),
  // The same title at a sister company, whose name holds the company's: every query word, and one more.
  designer('Yuki Tanaka', role('Head of Design', 'Google Cloud'), [], 'Design leadership.'),
  // A namesake: only his first name starts with "brand".
  designer('Brandt Zboncak', role('Motion Designer', 'Buck'), [], 'Lottie and storyboarding.'),
  // Art directors now and before, at Lego and elsewhere.
  designer('Pia Berg', role('Art Director', 'Lego'), [], 'Campaigns.'),
  designer('Jonas Falk', role('Art Director', 'Spotify'), [role('Junior Designer', 'Lego')], 'Campaigns.'),
  designer('Eva Lind', role('Illustrator', 'Spotify'), [role('Art Director', 'Lego')], 'Picture books.'),
  // The concept under another name (a synonym of art director) now, and before with a bio naming it.
  designer('Rosa Vidal', role('Creative Director', 'Pentagram'), [], 'Identities.'),
  designer('Sven Aalto', role('3D Artist', 'Pentagram'), [role('Creative Director', 'Wolff Olins')], 'Reports to the art director.'),
  // A UX researcher now, and one before.
  designer('Tove Nyberg', role('UX Researcher', 'Monzo'), [], 'Interviews.'),
  designer('Ulf Berg', role('Illustrator', 'Monzo'), [role('UX Researcher', 'Wise')], 'Interviews.'),
  // A motion designer who worked at Lego, and a print designer whose earlier role at Lego holds one word of
  // the concept ("graphic") beside the company.
  designer('Mila Moss', role('Motion Designer', 'Buck'), [role('Junior Designer', 'Lego')], 'Title sequences.'),
  designer('Pavel Print', role('Print Designer', 'Pentagram'), [role('Graphic Designer', 'Lego')], 'Posters.'),
  // A company one letter from a word of the concept: Notion is no typo of "motion".
  designer('Gus Grant', role('Graphic Designer', 'Notion'), [], 'Posters.'),
  // A former UX researcher at a company named Design: one word of "design researcher" in the title, the
  // other in the company. Listed first of all, so a tie would rank her first.
  { ...designer('Ida Holm', role('Illustrator', 'Spotify'), [role('UX Researcher', 'Frog Design')], 'Interviews.'), listed_at: '2024-01-01T00:00:00.000Z' },
  // For a role asked for beside a place and employers: one who meets both but holds another role, one who holds
  // the role and meets neither employer, and one who held the role at one of the employers.
  designer('Lina Lund', role('Packaging Designer', 'Lego'), [role('Print Designer', 'Duolingo')], 'Packaging.'),
  designer('Max Motte', role('Animator', 'Buck'), [], 'Character work.'),
  designer('Nora Nil', role('Illustrator', 'Duolingo'), [role('Motion Designer', 'Duolingo')], 'Title sequences.'),
  // Senior now, in words and in the abbreviation, and senior before: the seniority belongs to the role held.
  designer('Tara Vogt', role('Senior Type Designer', 'Koto'), [], 'Typefaces.'),
  designer('Ivo Sand', role('Sr. Type Designer', 'Dinamo'), [], 'Typefaces.'),
  designer('Lea Marx', role('Type Designer', 'Koto'), [role('Senior Type Designer', 'Dinamo')], 'Typefaces.'),
  // Senior in another role now, a type designer before: every word of "senior type designer", in two roles.
  designer('Finn Frey', role('Senior Product Designer', 'Koto'), [role('Type Designer', 'Dinamo')], 'Typefaces.'),
  // A tool asked for: one who uses it, one at a company named after it, one whose name starts with it.
  designer('Suki Sato', role('3D Artist', 'Pixar'), [], 'Renders in Blender.'),
  designer('Rolf Roth', role('Account Manager', 'Blender Studio'), [], 'Client work.'),
  designer('Ada Blendermann', role('Account Manager', 'Koto'), [], 'Client work.'),
  // The words of "Spotify Research" over two roles; Spotify itself; and Spotify Research.
  designer('Sol Reyes', role('Wayfinding Designer', 'Spotify Studios'), [role('Exhibition Designer', 'Microsoft Research')], 'Signage.'),
  designer('Kai Lund', role('Wayfinding Designer', 'Spotify'), [], 'Signage.'),
  designer('Mira Lopez', role('Wayfinding Designer', 'Spotify Research'), [], 'Signage.'),
  // Google's head of design before, an illustrator now: the role named exactly, though not held now.
  designer('Noor Aziz', role('Illustrator', 'Pitch'), [role('Head of Design', 'Google')], 'Picture books.'),
  // The role asked for now and Unity before; the role at Unity before and another now (listed later: a tie
  // of scores would rank him first).
  designer('Vera Voss', role('Interaction Designer', 'Mural'), [role('Copywriter', 'Unity')], 'Onboarding flows.'),
  designer('Wim Wolf', role('Copywriter', 'Mural'), [role('Interaction Designer', 'Unity')], 'Onboarding flows.'),
  // Who leads a craft: a brand designer's search reaches her, below its practitioners.
  designer('Bea Bloom', role('Brand Lead', 'Koto'), [], 'Identities.'),
];

describe.skipIf(!services)('role ranking on Elasticsearch and the embedded engine', () => {
  const engines = rankingEngines(services?.elasticsearch ?? '', 'role_ranking', corpus);

  it('one role holding the title and the company ranks first, above a bio naming them and words split over two roles', async () => {
    for (const engine of engines()) {
      for (const q of ['lead designer canva', 'lead designer at canva']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked[0]]).toEqual([engine.name, q, 'rr001']);
      }
    }
  });

  it('a role the query names exactly ranks above the same title at a sister company, held now or before', async () => {
    for (const engine of engines()) {
      for (const q of ['head of design google', 'head of design at google']) {
        const { ranked } = await engine.search(q);
        // Hana holds it now, Noor held it before; Yuki is Google Cloud's head of design now.
        expect([engine.name, q, ranked.slice(0, 3)]).toEqual([engine.name, q, ['rr007', 'rr034', 'rr008']]);
      }
    }
  });

  it('a one-word query ranks those holding the word above a namesake whose name only starts with it', async () => {
    for (const engine of engines()) {
      const { ranked } = await engine.search('brand');
      expect([engine.name, ranked.slice(0, 3).sort()]).toEqual([engine.name, ['rr005', 'rr006', 'rr037']]);
      expect([engine.name, ranked.indexOf('rr009')]).toEqual([engine.name, 3]);
    }
  });

  it('the current role holding the concept ranks above a former one: the title typed first, a synonym of it above the synonym before', async () => {
    for (const engine of engines()) {
      const { ranked } = await engine.search('art directors');
      // Pia and Jonas hold the title typed, Rosa a synonym of it; Sven held the synonym before, and his bio names the title.
      expect([engine.name, ranked.slice(0, 2).sort()]).toEqual([engine.name, ['rr010', 'rr011']]);
      expect([engine.name, ranked.indexOf('rr013') < ranked.indexOf('rr014')]).toEqual([engine.name, true]);
      // One word: the current title holding it (its other form) above the role held before.
      const one = await engine.search('researchers');
      expect([engine.name, one.ranked.slice(0, 2)]).toEqual([engine.name, ['rr015', 'rr016']]);
    }
  });

  it('"ex" scopes what follows to previous roles, and what comes before it to the current one', async () => {
    for (const engine of engines()) {
      // The art director who was at Lego and the one who left Lego above the art director at Lego now.
      const { ranked } = await engine.search('art directors ex lego');
      expect([engine.name, ranked.slice(0, 2).sort()]).toEqual([engine.name, ['rr011', 'rr012']]);
      // "or": either employer is what a previous role holds.
      const either = await engine.search('illustrators ex lego or wise');
      expect([engine.name, either.ranked.slice(0, 2).sort()]).toEqual([engine.name, ['rr012', 'rr016']]);
    }
  });

  it('an "or" list is one constraint, met by either alternative, a long name not outweighing a short one', async () => {
    for (const engine of engines()) {
      // Ulf is an illustrator at Monzo; Sven worked at Wolff Olins (two words) but is no illustrator.
      const { ranked } = await engine.search('illustrators who worked at wolff olins or monzo');
      expect([engine.name, ranked[0]]).toEqual([engine.name, 'rr016']);
    }
  });

  it('a concept the query names counts in a role as a whole: one of its words beside the company is not the role', async () => {
    for (const engine of engines()) {
      const { ranked } = await engine.search('motion graphics designer who worked at lego');
      expect([engine.name, ranked.indexOf('rr017')]).toEqual([engine.name, 0]);
      // Pavel was a Graphic Designer at Lego: "graphics" and the company, but no motion graphics role anywhere.
      expect([engine.name, ranked.includes('rr018')]).toEqual([engine.name, false]);
    }
  });

  it('the role a request asks for beside a place and employers ranks its holders first, now or at one of the employers', async () => {
    for (const engine of engines()) {
      for (const q of ['a motion graphics designer in berlin who has worked at lego or duolingo', 'motion graphics designers based in Berlin, ex Lego or Duolingo']) {
        const { ranked } = await engine.search(q);
        // Mila (the role now, Lego before) and Nora (the role at Duolingo before), then Brandt and Max (the role or
        // a synonym of it, at neither employer). Lina and Pavel meet the place and an employer in another role, and
        // hold no motion graphics role: no match (a role named by a phrase is held as one).
        expect([engine.name, q, [...ranked.slice(0, 2)].sort(), [...ranked.slice(2, 4)].sort()]).toEqual([engine.name, q, ['rr017', 'rr023'], ['rr009', 'rr022']]);
        expect([engine.name, q, ranked.includes('rr021'), ranked.includes('rr018')]).toEqual([engine.name, q, false, false]);
      }
    }
  });

  it('the role asked for held now, with an employer named in another role, ranks above the role held before at that employer', async () => {
    for (const engine of engines()) {
      for (const q of ['ux ui designers based in berlin, ex miro or unity', 'an interaction designer in berlin who has worked at unity']) {
        const { ranked } = await engine.search(q);
        // Vera is an Interaction Designer now and was at Unity; Wim was the Interaction Designer at Unity and writes copy now.
        expect([engine.name, q, ranked.indexOf('rr035'), ranked.indexOf('rr036')]).toEqual([engine.name, q, 0, 1]);
      }
    }
  });

  it("a practitioner's title reaches the lead of the craft, below the practitioners, and not the reverse", async () => {
    for (const engine of engines()) {
      for (const q of ['brand designer', 'brand designers in berlin']) {
        const { ranked } = await engine.search(q);
        // Mei and Omar are brand designers; Bea is a Brand Lead.
        expect([engine.name, q, ranked.slice(0, 2).sort(), ranked[2]]).toEqual([engine.name, q, ['rr005', 'rr006'], 'rr037']);
      }
      const { ranked } = await engine.search('brand lead');
      expect([engine.name, ranked]).toEqual([engine.name, ['rr037']]);
    }
  });

  it('the role asked for is the role, not the seniority that qualifies it', async () => {
    for (const engine of engines()) {
      const { ranked } = await engine.search('senior motion designer in berlin');
      // Omar is a Senior Brand Designer: senior, and a designer, but not the role asked for, so no match.
      for (const motion of ['rr009', 'rr017']) expect([engine.name, motion, ranked.includes(motion)]).toEqual([engine.name, motion, true]);
      expect([engine.name, ranked.includes('rr006')]).toEqual([engine.name, false]);
    }
  });

  it('a qualifier typed as its synonym ("sr" for "senior") is held by the current title as the word typed is', async () => {
    for (const engine of engines()) {
      for (const q of ['sr type designer', 'snr type designers']) {
        const { ranked } = await engine.search(q);
        // Tara is a Senior Type Designer now, Ivo a Sr. Type Designer; Lea is a type designer now who was senior before.
        expect([engine.name, q, [...ranked.slice(0, 2)].sort(), ranked[2]]).toEqual([engine.name, q, ['rr024', 'rr025'], 'rr026']);
      }
      // The words typed rank above their synonym, and the title that abbreviates one of them above words split over two roles.
      const { ranked } = await engine.search('senior type designer');
      expect([engine.name, ranked[0], ranked.indexOf('rr025') < ranked.indexOf('rr027')]).toEqual([engine.name, 'rr024', true]);
    }
  });

  it('a tool is what a designer uses: its user ranks above a company named after it and a name that starts with it', async () => {
    for (const engine of engines()) {
      for (const q of ['blender', 'who knows blender']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked[0], ranked.includes('rr029'), ranked.includes('rr030')]).toEqual([engine.name, q, 'rr028', true, true]);
      }
      // Asked for as an employer, the company is what counts.
      const { ranked } = await engine.search('designers at blender studio');
      expect([engine.name, ranked[0]]).toEqual([engine.name, 'rr029']);
    }
  });

  it('an employer of two words is held whole by one role, a word of the field after a name included, or a word of it by the place', async () => {
    for (const engine of engines()) {
      // Not Spotify, nor a role at Spotify Studios and another at Microsoft Research.
      expect([engine.name, (await engine.search('wayfinding designer at Spotify Research')).ranked]).toEqual([engine.name, ['rr033']]);
      expect([engine.name, (await engine.search('wayfinding designer at spotify research')).ranked]).toEqual([engine.name, ['rr033']]);
      // "print" is a word of the field: after "Spotify" it is the rest of a name nobody holds.
      expect([engine.name, (await engine.search('wayfinding designer at Spotify Print')).ranked]).toEqual([engine.name, []]);
      // Where the designer is counts: everyone here is in Berlin.
      const { ranked } = await engine.search('wayfinding designer at Spotify Berlin');
      expect([engine.name, ranked.slice(0, 3).sort()]).toEqual([engine.name, ['rr031', 'rr032', 'rr033']]);
    }
  });

  it('a concept of two telling words is held in a title: one word in the title and one in the company is not the role', async () => {
    for (const engine of engines()) {
      const { ranked } = await engine.search('design researcher');
      // Tove is a UX Researcher now (a synonym); Ida was one at Frog Design, which holds the other word.
      expect([engine.name, ranked[0]]).toEqual([engine.name, 'rr015']);
    }
  });

  it('a word of a concept the synonym list knows is spelled right: no role holds it within a typo allowance', async () => {
    for (const engine of engines()) {
      const { ranked } = await engine.search('motion graphics designer');
      expect([engine.name, ranked[0]]).toEqual([engine.name, 'rr017']);
      // Gus is a Graphic Designer at Notion, one letter from "motion": neither holds the role.
      expect([engine.name, ranked.includes('rr019')]).toEqual([engine.name, false]);
    }
  });
});
