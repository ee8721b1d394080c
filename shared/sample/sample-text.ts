import type { Faker } from '@faker-js/faker';
import type { Category } from '../domain/category.schema.ts';
import type { EmploymentType } from '../domain/open-role.schema.ts';
import type { Role } from '../domain/role.schema.ts';

/**
 * The sample directory's prose: bios and job ads written from templates that fit each title, category and
 * company, so that the sample reads like a directory people would use. Every sentence is chosen by the
 * given generator, so the same seed writes the same text.
 */

/** A fictional company and what it does, as a bio or a job ad names it after a comma. */
export interface SampleCompany {
  name: string;
  about: string;
}

/**
 * The sample's companies, studios and product companies alike, all fictional. The list's order is the
 * order the generator hands them out in, so a name keeps its staff: docs and tests cite "Possible Works",
 * "Helpful Design Co." and "Different Digital" by their people.
 */
export const SAMPLE_COMPANIES: readonly SampleCompany[] = [
  { name: 'Northwind Health', about: 'a telehealth app for family doctors' },
  { name: 'Lumen Maps', about: 'a maps app for cyclists and walkers' },
  { name: 'Paperplane Studio', about: 'a branding studio for young companies' },
  { name: 'Tidewater Bank', about: 'a digital bank for freelancers' },
  { name: 'Kettle & Crane', about: 'a brand and packaging agency' },
  { name: 'Brightline Transit', about: 'a city transit app' },
  { name: 'Fieldnote', about: 'a note-taking app for researchers' },
  { name: 'Orbital Games', about: 'an independent games studio' },
  { name: 'Saltmarsh Press', about: 'an independent book publisher' },
  { name: 'Quarry Studio', about: 'a motion and 3D studio' },
  { name: 'Harbor Robotics', about: 'a warehouse robotics company' },
  { name: 'Meadow Finance', about: 'a personal finance app' },
  { name: 'Different Digital', about: 'a digital product agency' },
  { name: 'Juniper Learning', about: 'an online learning platform for schools' },
  { name: 'Pinecone Audio', about: 'a podcast and audiobook app' },
  { name: 'Possible Works', about: 'a product studio for start-ups' },
  { name: 'Cobalt Freight', about: 'a freight logistics platform' },
  { name: 'Atlas Bicycle Co.', about: 'a maker of city bikes' },
  { name: 'Ferngrove Foods', about: 'a grocery delivery service' },
  { name: 'Stillwater Health', about: 'a mental health app' },
  { name: 'Mosaic Travel', about: 'a travel booking site' },
  { name: 'Copperleaf Studio', about: 'an illustration and lettering studio' },
  { name: 'Ninefold', about: 'a design systems consultancy' },
  { name: 'Parcel & Post', about: 'a shipping app for small shops' },
  { name: 'Glasshouse Interactive', about: 'an interactive agency' },
  { name: 'Redwood Records', about: 'an independent record label' },
  { name: 'Sundial Energy', about: 'a home solar company' },
  { name: 'Halcyon Hotels', about: 'a group of boutique hotels' },
  { name: 'Wayfare', about: 'a trip-planning app' },
  { name: 'Little Bear Games', about: 'a studio making games for children' },
  { name: 'Open Orchard', about: 'a civic technology nonprofit' },
  { name: 'Bluebird Insurance', about: 'a renters insurance app' },
  { name: 'Kite Payments', about: 'a payments platform for small businesses' },
  { name: 'Beacon Newsroom', about: 'a digital news publication' },
  { name: 'Marble Type Foundry', about: 'an independent type foundry' },
  { name: 'Foxglove Botanics', about: 'a skincare brand' },
  { name: 'Helpful Design Co.', about: 'a studio working for charities and nonprofits' },
  { name: 'Nimbus Hosting', about: 'a cloud hosting company' },
  { name: 'Lantern Books', about: 'an e-reading app' },
  { name: 'Tandem Mobility', about: 'a bike-share company' },
  { name: 'Pocket Garden', about: 'a plant care app' },
  { name: 'Silverline Fitness', about: 'a fitness app' },
  { name: 'Homestead Realty', about: 'a home-buying platform' },
  { name: 'Ember Animation', about: 'an animation studio' },
  { name: 'Tessellate Labs', about: 'a spatial computing lab' },
  { name: 'Wildflower Coffee', about: 'a coffee roaster with its own cafés' },
  { name: 'Riverstone Museum', about: 'a museum of design and architecture' },
  { name: 'Polar Bear Studio', about: 'a CGI studio' },
  { name: 'Gridline', about: 'a project planning tool' },
  { name: 'Clearwater Clinics', about: 'a network of family clinics' },
  { name: 'Vela Spaces', about: 'a coworking company' },
  { name: 'Thimble', about: 'a marketplace for sewing patterns' },
  { name: 'Meridian Motors', about: 'an electric car maker' },
  { name: 'Bramble & Oak', about: 'a furniture brand' },
  { name: 'Quill Legal', about: 'a legal software company' },
  { name: 'Skylark Air', about: 'a regional airline' },
  { name: 'Moonrise Festivals', about: 'a music festival organiser' },
  { name: 'Petrichor Studio', about: 'a spatial and exhibition design studio' },
  { name: 'Hopscotch Kids', about: 'a children’s clothing brand' },
  { name: 'Verdant Labs', about: 'a climate data company' },
];

/** "an Illustrator", "a UX Designer", "a 3D Artist": the article as the title is spoken. */
export function withArticle(title: string): string {
  // U is a vowel letter but "you" in UX and UI; every other leading vowel letter is spoken as one.
  const an = /^[aeio]/i.test(title) || (/^u/i.test(title) && !/^u[xi]\b/i.test(title));
  return `${an ? 'an' : 'a'} ${title}`;
}

/** What a person with this title does, as the rest of a sentence; seniority prefixes are read through. */
const CRAFT: Record<string, string> = {
  'Product Designer': 'design{s} product flows end to end, from research notes to shipped screens',
  'UX Designer': 'map{s} user journeys and design{s} the flows between them',
  'Interaction Designer': 'design{s} the details of interaction: states, transitions and feedback',
  'UX Researcher': 'run{s} interviews and usability studies and turn{s} them into product decisions',
  'Brand Designer': 'build{s} brand identities and the guidelines that keep them consistent',
  'Identity Designer': 'design{s} logos, marks and identity systems',
  'Visual Designer': 'set{s} the visual language of products: colour, type, layout and imagery',
  'Graphic Designer': 'design{s} posters, packaging and campaigns',
  Illustrator: 'draw{s} editorial and product illustrations',
  'Type Designer': 'draw{s} typefaces and custom lettering',
  'Editorial Designer': 'lay{s} out magazines, annual reports and long reads',
  'Print Designer': 'design{s} for print: books, packaging and signage',
  'Motion Designer': 'animate{s} interfaces, product launches and brand films',
  Animator: 'animate{s} characters and explainer films',
  'Video Designer': 'edit{s} and design{s} video for launches and social channels',
  '3D Designer': 'model{s} and render{s} products and scenes in 3D',
  '3D Artist': 'model{s}, texture{s} and light{s} 3D scenes',
  'CGI Artist': 'make{s} photoreal CGI for campaigns and product pages',
  'Spatial Designer': 'design{s} exhibitions, retail spaces and spatial interfaces',
  'Head of Design': 'lead{s} the design team, its hiring and its rituals',
  'Design Director': 'set{s} the creative direction across teams and products',
  'VP of Design': 'run{s} the design organisation and its practice',
  'Creative Director': 'lead{s} creative teams on campaigns and brand work',
  'Design Manager': 'manage{s} a product team and help{s} its people grow',
  'Design Engineer': 'build{s} interfaces in code and keep{s} design and engineering in step',
  'Design Technologist': 'prototype{s} new interactions in code',
  'UI Engineer': 'build{s} accessible front-end components and design systems',
  'Creative Technologist': 'build{s} interactive installations and creative experiments',
};

const baseTitle = (title: string) => title.replace(/^(?:Senior|Staff|Lead|Principal) /, '');
/** The craft as "she designs ..." (`person: 'third'`) or as "you will design ..." (`person: 'second'`). */
const craftOf = (title: string, person: 'second' | 'third' = 'third') =>
  (CRAFT[baseTitle(title)] ?? 'work{s} across design disciplines').replaceAll('{s}', person === 'third' ? 's' : '');

/** Skills and tools each category's people name. */
const SKILLS: Record<Category, readonly string[]> = {
  product: ['Figma', 'user research', 'prototyping', 'design systems', 'accessibility', 'usability testing', 'information architecture'],
  brand: ['identity systems', 'typography', 'art direction', 'brand strategy', 'packaging', 'naming workshops'],
  graphic: ['typography', 'print production', 'illustration', 'layout', 'risograph printing', 'lettering'],
  motion: ['After Effects', 'Cinema 4D', 'Rive', 'Lottie', 'storyboarding', 'sound design'],
  '3d': ['Blender', 'Cinema 4D', 'Houdini', 'Unreal Engine', 'Octane', 'product visualisation'],
  director: ['hiring', 'design critique', 'product strategy', 'mentoring', 'design operations', 'research programmes'],
  engineer: ['React', 'TypeScript', 'CSS', 'SwiftUI', 'WebGL', 'design tokens'],
};

/** What a category's work is for, as the end of "Known for ...". */
const KNOWN_FOR: Record<Category, readonly string[]> = {
  product: ['calm, accessible interfaces', 'onboarding flows that people finish', 'turning research into clear product decisions', 'simple screens for complicated services'],
  brand: ['identities that scale from an app icon to a billboard', 'brand systems small teams can use on their own', 'rebrands that keep what customers love'],
  graphic: ['bold editorial layouts', 'careful typography', 'posters and book covers', 'illustrations with a warm, hand-drawn line'],
  motion: ['product animation that explains rather than decorates', 'launch films', 'playful interface motion', 'brand animation systems'],
  '3d': ['product renders that stand in for photography', 'stylised 3D worlds', 'exhibition and retail spaces', 'real-time 3D for the web'],
  director: ['building teams from a handful of people to dozens', 'critiques that people look forward to', 'bringing research into roadmaps', 'growing the people on their team'],
  engineer: ['component libraries that designers and engineers share', 'prototypes that ship', 'accessible front ends', 'motion and interaction in code'],
};

/** A designer's bio: what they do now and where, what they did before, what they are known for, their tools. */
export function designerBio(
  prose: Faker,
  { category, current, previous, place }: { category: Category; current: Role | null; previous: Role[]; place: string },
): string {
  const skills = prose.helpers.arrayElements(SKILLS[category], 3);
  const sentences: string[] = [];
  if (current) {
    // The current company by what it does, not by name: the role line names it, and a search for a company's
    // former staff ("former Possible Works designers") should not find its current staff by their bios.
    const about = companyAbout(current.company) || 'their current company';
    sentences.push(
      prose.helpers.arrayElement([
        `${capitalise(withArticle(current.title))} at ${about}, who ${craftOf(current.title)}.`,
        `${capitalise(withArticle(current.title))} who ${craftOf(current.title)}, now at ${about}.`,
      ]),
    );
  } else {
    const title = previous[0]?.title;
    sentences.push(
      title
        ? `Freelance ${baseTitle(title)} who ${craftOf(title)}${placePhrase(place)}.`
        : `Freelance designer${placePhrase(place)}.`,
    );
  }
  const before = previous.find((r) => r.company !== current?.company);
  if (before) sentences.push(`Previously ${withArticle(before.title)} at ${before.company}${before.company.endsWith('.') ? '' : '.'}`);
  sentences.push(`Known for ${prose.helpers.arrayElement(KNOWN_FOR[category])}.`);
  sentences.push(`Works with ${skills[0]}, ${skills[1]} and ${skills[2]}.`);
  return sentences.join(' ');
}

/** What the hire will do, by title; the employment type and place close the ad. */
export function openRoleDescription(
  prose: Faker,
  { title, category, company, employment, location, remote }: { title: string; category: Category; company: string; employment: EmploymentType; location: string; remote: boolean },
): string {
  const about = companyAbout(company);
  const skills = prose.helpers.arrayElements(SKILLS[category], 2);
  const where = remote ? (location.startsWith('Remote') ? location.replace(/^Remote/, 'remote') : `remote or based in ${location}`) : `based in ${location}`;
  return [
    `${company}${about ? `, ${about},` : ''} is hiring ${withArticle(title)}.`,
    `You will ${craftOf(title, 'second')}, working closely with product, engineering and marketing.`,
    `We would like to see ${skills[0]} and ${skills[1]} in your portfolio.`,
    `${EMPLOYMENT_PHRASES[employment]}, ${where}.`,
  ].join(' ');
}

const EMPLOYMENT_PHRASES: Record<EmploymentType, string> = {
  full_time: 'Full time',
  part_time: 'Part time, three days a week',
  contract: 'A six-month contract',
  freelance: 'Freelance, project by project',
  internship: 'A paid three-month internship',
};

const companyAbout = (name: string) => SAMPLE_COMPANIES.find((c) => c.name === name)?.about ?? '';
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const placePhrase = (place: string) => (place.startsWith('Remote') ? ', working remotely' : place ? `, based in ${place.replace(/, \w\w$/, '')}` : '');
