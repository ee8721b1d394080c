import { describe, expect, it } from 'vitest';
import type { CorpusDesigner } from '../../bench/relevance/corpus.ts';
import { buildDesignerRecord } from '../../shared/domain/designer.builder.ts';
import type { Role } from '../../shared/domain/role.schema.ts';
import { requireServices } from '../support/services.ts';
import { rankingEngines } from './support/ranking-engines.ts';

/**
 * Requests that say where, and requests in other languages, on real Elasticsearch and the embedded engine
 * alike (docs/api.md, "How free text is matched"): a place the request introduces ("in the US", "à Lyon")
 * ranks the designers who are there above those who only hold the title more often, and "in <place>"
 * leaves out those whose bio alone names it; a title written in another language finds the equivalents of
 * the concept it names.
 */
const services = requireServices('elasticsearch');

const role = (title: string, company: string): Role => ({ title, company, company_url: null });
let n = 0;
function designer(name: string, location: string, current: Role | null, previous: Role[], description: string): CorpusDesigner {
  n += 1;
  const id = `pr${String(n).padStart(3, '0')}`;
  // Each target is listed first: on a tie of scores the newer distractors would come first.
  const record = buildDesignerRecord({
    id, slug: id, name, description, category: 'graphic', location, current_role: current, previous_roles: previous,
    opted_in: true, status: 'published', listed_at: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString(),
  });
  return { ...record, id, listed_at: record.listed_at!, skills: [], domains: [] };
}

const corpus: CorpusDesigner[] = [
  // pr001: the 3D artist in the US who worked at N26.
  designer('Joao Schmidt', 'San Francisco, US', role('3D Artist', 'N26'), [], 'Renders for fintech launches.'),
  // The title twice and the company, elsewhere, with a bio naming the place.
  designer('Oluwaseun Korhonen', 'Nairobi, KE', role('3D Artist', 'N26'), [role('3D Artist', 'Meta')], 'Ships renders for clients across the US and Europe.'),
  // In the US, the title, never at N26.
  designer('Yuki Suzuki', 'Austin, US', role('3D Artist', 'Meta'), [role('3D Artist', 'Unity')], 'Unreal Engine scenes.'),
  // pr004: the illustrator in Lyon.
  designer('Camille Martin', 'Lyon, FR', role('Illustrator', 'Atelier Nord'), [], 'Editorial illustration.'),
  // An illustrator elsewhere whose bio names Lyon twice.
  designer('Lucie Bernard', 'Paris, FR', role('Illustrator', 'Studio Sud'), [role('Illustrator', 'Maison Ouest')], 'Grew up in Lyon, shows in Lyon every spring.'),
  // pr006: a creative director in Paris, whom "directrice artistique" names through art director.
  designer('Ines Laurent', 'Paris, FR', role('Creative Director', 'Maison Lumiere'), [], 'Campaigns for fashion houses.'),
  // In Paris, and a bio naming the art director.
  designer('Elif Chen', 'Paris, FR', role('Account Manager', 'Agence Bleue'), [], 'Works closely with the art director on campaigns.'),
  // Brand designers, for a request whose article reads as a place marker.
  designer('Mei Chen', 'Berlin, DE', role('Brand Designer', 'Figma'), [], 'Logo design.'),
  designer('Omar Haddad', 'Lisbon, PT', role('Senior Brand Designer', 'Nike'), [], 'Packaging.'),
  // pr010: a 3D artist in the US who has left N26 ("ex N26" asks for a previous role).
  designer('Ana Costa', 'Seattle, US', role('3D Artist', 'Pixar'), [role('3D Artist', 'N26')], 'Feature animation.'),
  // pr011: an illustrator whose bio names Reykjavik, where nobody in the directory is.
  designer('Sigrun Dahl', 'Oslo, NO', role('Illustrator', 'Nordlys'), [], 'Visited Reykjavik for a conference on picture books.'),
  // pr012: the motion designer in Berlin.
  designer('Lena Vogel', 'Berlin, DE', role('Motion Designer', 'Spotify'), [], 'Title sequences.'),
  // The same title at a company named after the city, in Munich; and a motion designer in Montréal who once worked there.
  designer('Marta Weiss', 'Munich, DE', role('Motion Designer', 'Berlin Design Studio'), [], 'Title sequences and idents.'),
  designer('Omar Figueroa', 'Montréal, CA', role('Motion Designer', 'Porsche Design'), [role('Animator', 'Berlin Design Studio')], 'Idents.'),
  // pr015: the lead designer at the New York Times, in Toronto; a lead designer in New York who never worked there.
  designer('Dana Price', 'Toronto, CA', role('Lead Designer', 'New York Times'), [], 'Newsroom tools.'),
  designer('Sam Ortiz', 'New York, US', role('Lead Designer', 'Vercel'), [], 'Developer tools.'),
  // pr017: a 3D artist in East Asia; one in Istanbul, whose areas hold both words ("Middle East", "Asia") apart.
  designer('Hana Mori', 'Tokyo, JP', role('3D Artist', 'Pixar'), [], 'Feature animation.'),
  designer('Deniz Aydin', 'Istanbul, TR', role('3D Artist', 'Pixar'), [], 'Feature animation.'),
  // pr019: an illustrator in the DACH countries.
  designer('Lukas Brunner', 'Zürich, CH', role('Illustrator', 'Nordlys'), [], 'Picture books.'),
];

describe.skipIf(!services)('places and other languages on Elasticsearch and the embedded engine', () => {
  const engines = rankingEngines(services?.elasticsearch ?? '', 'place_ranking', corpus);

  it('a place the request names ranks the designer there first, above the title held twice elsewhere, and a bio naming the place does not meet "in <place>"', async () => {
    for (const engine of engines()) {
      for (const q of ['3d artist in the us who works at n26', '3d artists based in the US at N26 or Webflow']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked[0]]).toEqual([engine.name, q, 'pr001']);
      }
      for (const q of ['3d artists in the US, ex N26 or Webflow', 'former N26 3d artists based in the us']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked[0]]).toEqual([engine.name, q, 'pr010']);
      }
      // "in Lyon" is held where the designer is: the illustrator whose bio names Lyon is not in Lyon.
      for (const q of ['illustrator in lyon', 'Illustratorin in Lyon']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked]).toEqual([engine.name, q, ['pr004']]);
      }
      // "à" also introduces a role or an employer ("a brand designer"); Lyon is a place of the world all the same.
      const { ranked } = await engine.search('illustratrice à Lyon');
      expect([engine.name, ranked]).toEqual([engine.name, ['pr004']]);
    }
  });

  it('a place of the world typed without a word that introduces it is held where the designer is, not in a bio naming it', async () => {
    for (const engine of engines()) {
      // pr005 holds the title twice and her bio names Lyon twice; pr004 is in Lyon.
      for (const q of ['illustrator lyon', 'Illustratorin Lyon', 'lyon illustrators']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked]).toEqual([engine.name, q, ['pr004']]);
      }
      // Nobody is in Reykjavik: nothing, in any case, not the illustrator whose bio names it nor illustrators elsewhere.
      for (const q of ['illustrator reykjavik', 'Illustrator Reykjavik', 'Reykjavik illustrators', 'picture books illustrator reykjavik', 'illustratrice à Reykjavik']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked]).toEqual([engine.name, q, []]);
      }
      // The place is where the designer is, not an employer named after it: the Motion Designer in Berlin ranks
      // above those at Berlin Design Studio, now or before, elsewhere; a place that is part of an employer's
      // name as typed ("new york times") still names the employer.
      for (const q of ['motion designer berlin', 'Motion Designer Berlin', 'berlin motion designers', 'Motion Designerin Berlin']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked[0]]).toEqual([engine.name, q, 'pr012']);
        expect([engine.name, q, ranked.includes('pr013') && ranked.includes('pr014')]).toEqual([engine.name, q, true]);
      }
      expect([engine.name, (await engine.search('lead designer new york times')).ranked[0]]).toEqual([engine.name, 'pr015']);
      // A city named like a word of a request is read as the word ("nice"); a name is not a place ("Sigrun Dahl").
      expect([engine.name, (await engine.search('sigrun dahl illustrator')).ranked]).toEqual([engine.name, ['pr011']]);
    }
  });

  it('a title in another language finds the equivalents of the concept it names, above a bio naming the concept', async () => {
    for (const engine of engines()) {
      for (const q of ['directrice artistique à Paris', 'diretora de arte em Paris', 'directrice artistique']) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked[0]]).toEqual([engine.name, q, 'pr006']);
      }
    }
  });

  it('a city written as another language writes it finds the designers there', async () => {
    for (const engine of engines()) {
      // pr009 is a brand designer in Lisbon, pr008 one in Berlin.
      for (const [q, first] of [
        ['Markendesigner in Lissabon', 'pr009'],
        ['brand designer à Lisbonne', 'pr009'],
        ['brand designer Lisbona', 'pr009'],
        ['designer de marca em Berlim', 'pr008'],
        ['brand designer Berlino', 'pr008'],
      ] as const) {
        const { ranked } = await engine.search(q);
        expect([engine.name, q, ranked[0]]).toEqual([engine.name, q, first]);
      }
      // French "à" introduces where: the lead designer in New York, not the one at the New York Times in Toronto.
      const { ranked } = await engine.search('lead designer à New York');
      expect([engine.name, ranked]).toEqual([engine.name, ['pr016']]);
    }
  });

  it('a word read as a place marker that names no place changes nothing', async () => {
    for (const engine of engines()) {
      const plain = await engine.search('brand designer');
      const withArticle = await engine.search('a brand designer');
      expect([engine.name, withArticle.ranked]).toEqual([engine.name, plain.ranked]);
      expect(plain.ranked.slice(0, 2).sort()).toEqual(['pr008', 'pr009']);
    }
  });

  it('an area recruiters name beside the continents holds its countries, its words side by side', async () => {
    for (const engine of engines()) {
      const dach = await engine.search('illustrators in DACH');
      expect([engine.name, dach.ranked]).toEqual([engine.name, ['pr019']]);
      // The illustrator there first; then those there who hold another title.
      const central = await engine.search('illustrator based in central europe');
      expect([engine.name, central.ranked[0], central.ranked.every((id) => ['pr008', 'pr012', 'pr013', 'pr019'].includes(id))]).toEqual([engine.name, 'pr019', true]);
      const { ranked } = await engine.search('3d artist in east asia');
      expect([engine.name, ranked[0]]).toEqual([engine.name, 'pr017']);
    }
  });

  it('both engines rank every request alike', async () => {
    for (const q of ['3d artist in the us who works at n26', '3d artists in the US, ex N26 or Webflow', 'illustratrice à Lyon', 'directrice artistique à Paris', 'illustrator lyon', 'motion designer berlin', '3d artist in east asia']) {
      const [es, embedded] = await Promise.all(engines().map((e) => e.search(q)));
      expect([q, embedded!.ranked]).toEqual([q, es!.ranked]);
    }
  });
});
