import { describe, expect, it } from 'vitest';
import { FILLER_WORDS, PAST_ROLE_AFTER_ROLE_WORDS, PAST_ROLE_BONUS_WORDS, pastRoleBonusWords, placeSpans, requiredMatches, understandQuery, withoutWords } from './query-words.ts';

/** The words of `q` at the indices one field of its QueryWords holds. */
function wordsAt(q: string, field: 'roleQualifiers' | 'requiredPlaceWords'): string[] {
  const query = understandQuery(q);
  return (field === 'roleQualifiers' ? query.roleQualifiers.map(({ word }) => word) : query[field]).map((i) => query.words[i]!);
}

describe('understandQuery', () => {
  it('drops filler an agent wraps around a request', () => {
    expect(understandQuery('find me a 3D generalist in Berlin who knows Blender')).toEqual({
      words: ['3d', 'generalist', 'berlin', 'blender'],
      // Four words, the last an English word: typed whole, no prefix.
      prefix: [null, null, null, null],
      filler: ['find', 'me', 'a', 'in', 'who', 'knows'],
      fillerInNames: [{ filler: 'a', beside: 0 }, { filler: 'in', beside: 1 }, { filler: 'in', beside: 2 }, { filler: 'who', beside: 2 }, { filler: 'knows', beside: 3 }],
      orGroups: [],
      required: 3,
      pastRoles: false,
      pastAlternatives: [],
      nowWords: [],
      // "a" is a place marker in Italian ("a Milano"), not before a role: "a 3D generalist" is one.
      places: [['berlin']],
      // What no marker takes: the role, and Blender, typed alone after "who knows".
      looseRuns: [['3d', 'generalist'], ['blender']],
      // "in" introduces nothing but a place: Berlin is required; "a" may introduce a role, so 3d is not.
      requiredPlaceWords: [2],
      requiredPlaceLists: [],
      employerWords: [],
      employerNames: [],
      employersWorkedAt: false,
      employerLists: [],
      // Blender is written as a name; Berlin is read as a place.
      nameRuns: [{ words: [3], opening: false }],
      // "3d" qualifies the head noun "generalist".
      roleQualifiers: [{ word: 0, head: 1 }],
      // What the designer knows: Blender.
      usedWords: [3],
    });
    expect(understandQuery('someone with design systems experience based in Lisbon').words).toEqual(['design', 'systems', 'lisbon']);
    expect(understandQuery('looking for former Google design directors')).toMatchObject({
      words: ['google', 'design', 'directors'],
      pastRoles: true,
    });
    // "used to work at", "left": the past, said the way people say it.
    expect(understandQuery('designers who used to work at Possible Works')).toMatchObject({ words: ['designers', 'possible'], pastRoles: true });
    expect(understandQuery('people who left Spotify')).toMatchObject({ words: ['spotify'], pastRoles: true });
  });

  it('reads the word right before a role\'s head noun, or right after a word that heads a role, as its qualifier', () => {
    const qualifiers = (q: string) => wordsAt(q, 'roleQualifiers');
    expect(qualifiers('civil engineer in munich')).toEqual(['civil']);
    expect(qualifiers('senior motion designer')).toEqual(['motion']);
    expect(qualifiers('head chef copenhagen')).toEqual(['chef']);
    // Filler breaks the pair; a head before a head qualifies nothing; praise is filler.
    expect(qualifiers('head of growth')).toEqual([]);
    expect(qualifiers('head designer')).toEqual([]);
    expect(qualifiers('a talented illustrator')).toEqual([]);
    // Each with the head noun it qualifies.
    const pairs = (q: string) => {
      const query = understandQuery(q);
      return query.roleQualifiers.map(({ word, head }) => [query.words[word], query.words[head]]);
    };
    expect(pairs('product managers at stripe')).toEqual([['product', 'managers']]);
    expect(pairs('head chef copenhagen')).toEqual([['chef', 'head']]);
  });

  it('keeps the runs of content words no marker takes, where a place may stand unmarked', () => {
    const runs = (q: string) => understandQuery(q).looseRuns;
    expect(runs('graphic designer Berlin')).toEqual([['graphic', 'designer', 'berlin']]);
    // Filler breaks a run; a place, an employer or an "or" list another rule reads is no part of one.
    expect(runs('graphic designer in Berlin who knows figma')).toEqual([['graphic', 'designer'], ['figma']]);
    expect(runs('motion designer at deutsche bahn munich')).toEqual([['motion', 'designer']]);
    expect(runs('ux or ui designer lisbon')).toEqual([]);
    // One content word: a name or a place alone is read by the words themselves.
    expect(runs('berlin')).toEqual([]);
  });

  it('reads the role a request for past roles names before asking for them as the role wanted now', () => {
    const now = (q: string) => {
      const query = understandQuery(q);
      return query.nowWords.map((i) => query.words[i]);
    };
    // The place and the word every role says are left out; what follows "ex" is about previous roles.
    expect(now('head of design based in Scandinavia, ex Adobe or Zalando')).toEqual(['head', 'design']);
    expect(now('motion designers in Berlin, formerly at Shopify')).toEqual(['motion']);
    expect(now('senior product designer who previously worked at Google')).toEqual(['senior', 'product']);
    // Past roles asked for first: every word is about them. No past roles asked for: no role wanted "now".
    expect(now('former Google design directors')).toEqual([]);
    expect(now('designers who used to work at Possible Works')).toEqual([]);
    expect(now('ex Lego art directors')).toEqual([]);
    expect(now('head of design at Adobe')).toEqual([]);
  });

  it('reads "both … and", "either … or" and "as well as" as the list they open, no word of it', () => {
    const plain = understandQuery('designers at stripe or adobe');
    const either = understandQuery('designers at either stripe or adobe');
    expect(either.words).toEqual(plain.words);
    expect(either.employerLists).toEqual(plain.employerLists);
    const both = understandQuery('designers who have worked at both google and meta');
    expect(both.words).toEqual(['designers', 'google', 'meta']);
    expect(both.employerWords.map((i) => both.words[i])).toEqual(['google']);
    expect(understandQuery('someone who has worked for google as well as meta').words).toEqual(['google', 'meta']);
  });

  it('reads another language\'s article after one of its prepositions as filler, not a place\'s or a name\'s', () => {
    expect(understandQuery('designer UX dans le secteur bancaire').words).toEqual(['designer', 'ux', 'bancaire']);
    expect(understandQuery('diseñadora en el sector salud').words).toEqual(['disenadora', 'salud']);
    expect(understandQuery('UX Designerin im Bereich Fintech').words).toEqual(['ux', 'designerin', 'fintech']);
    // A place it starts, and a name or a place it stands inside, keep it.
    expect(understandQuery('diseñadores en Los Ángeles').words).toEqual(['disenadores', 'los', 'angeles']);
    expect(understandQuery('brandon de la cruz').words).toEqual(['brandon', 'la', 'cruz']);
    expect(understandQuery('rio de janeiro designers').words).toEqual(['rio', 'de', 'janeiro', 'designers']);
  });

  it('reads a word joining a title\'s words in another language as filler, but inside a place\'s name', () => {
    expect(understandQuery('designer de produto na área de saúde').words).toEqual(['designer', 'produto', 'na', 'area', 'saude']);
    expect(understandQuery('direttore del design a Milano').words).toEqual(['direttore', 'design', 'milano']);
    expect(understandQuery('designers in rio de janeiro').words).toEqual(['designers', 'rio', 'de', 'janeiro']);
    // In a name it still counts beside the name's other words.
    expect(understandQuery('brandon de la cruz').fillerInNames).toContainEqual({ filler: 'de', beside: 0 });
  });

  it('reads a number alone, and when and for how long, as filler; a number inside a name stays', () => {
    expect(understandQuery('ux designer with 5+ years of experience at google').words).toEqual(['ux', 'designer', 'google']);
    expect(understandQuery('need 2 product designers for a 3 month contract, start asap').words).toEqual(['product', 'designers', 'contract']);
    expect(understandQuery('top rated 3d artists at N26').words).toEqual(['3d', 'artists', 'n26']);
    // Greetings, thanks and what is said of the person rather than their work.
    expect(understandQuery('Hi! Hiring a UX researcher. Any recommendations?').words).toEqual(['ux', 'researcher']);
    expect(understandQuery('brand designers in New York right now').places).toEqual([['new', 'york']]);
    expect(understandQuery('3D artists familiar with Unreal, willing to relocate').words).toEqual(['3d', 'artists', 'unreal']);
    // Questions and their quantifiers, and the verbs of a move.
    expect(understandQuery('is there a motion designer in Tokyo?').words).toEqual(['motion', 'designer', 'tokyo']);
    expect(understandQuery('how many product designers are in Berlin? show me all of them').words).toEqual(['product', 'designers', 'berlin']);
    expect(understandQuery('tell me about a designer who moved from Spotify to Figma').words).toEqual(['designer', 'spotify', 'figma']);
    // How the other languages ask, and say who worked where.
    expect(understandQuery('cerco un designer di prodotto a Milano che ha lavorato per Bending Spoons').words).toEqual(['designer', 'prodotto', 'milano', 'bending', 'spoons']);
    expect(understandQuery('graphiste à Paris qui a travaillé chez Ubisoft').words).toEqual(['graphiste', 'paris', 'ubisoft']);
    expect(understandQuery('ich suche eine Motion Designerin in Hamburg').words).toEqual(['motion', 'designerin', 'hamburg']);
    expect(understandQuery('busco diseñador de producto que haya trabajado en Glovo').words).toEqual(['disenador', 'producto', 'glovo']);
    // After a verb of having worked, the preposition names an employer (or where), never a place alone.
    const glovo = understandQuery('busco diseñador de producto en Madrid que haya trabajado en Glovo');
    expect(glovo.employerWords.map((i) => glovo.words[i])).toEqual(['glovo']);
    expect(glovo.requiredPlaceWords.map((i) => glovo.words[i])).toEqual(['madrid']);
    const stripe = understandQuery('a designer who worked for Stripe');
    expect(stripe.employerWords.map((i) => stripe.words[i])).toEqual(['stripe']);
    expect(understandQuery('designers who worked in fintech').employerWords).toEqual([]);
    // How a request says where the work lies.
    expect(understandQuery('product designer specializing in fintech apps').words).toEqual(['product', 'designer', 'fintech', 'apps']);
    expect(understandQuery('motion designer in the music industry').words).toEqual(['motion', 'designer', 'music']);
    // A request of filler alone keeps its words.
    expect(understandQuery('2020').words).toEqual(['2020']);
  });

  it('ends the past at "and" opening another clause, and asks nothing of a previous role for a place alone', () => {
    const read = (q: string) => {
      const query = understandQuery(q);
      return { now: query.nowWords.map((i) => query.words[i]), past: query.pastAlternatives };
    };
    // "knows Figma" is a skill: no previous role at Figma. "in fintech" names where, no employer.
    expect(read('a senior ux designer who previously worked at Stripe and knows Figma').past).toEqual([['stripe']]);
    expect(read('a senior ux designer who previously worked in fintech and knows Figma').past).toEqual([]);
    // "and" between employers keeps the list.
    expect(read('designers who previously worked at google and meta').past).toEqual([['google', 'meta']]);
    // Nothing after the word asking for past roles: all its words are about them.
    expect(read('former Google designers').past).toEqual([['google']]);
  });

  it('asks for past roles with "used" only in "used to"', () => {
    expect(understandQuery('a ux designer who has shipped products used by millions').pastRoles).toBe(false);
    expect(understandQuery('designers who used to work at google').pastRoles).toBe(true);
    expect(understandQuery('designers who used to work at google').pastAlternatives).toEqual([['google']]);
  });

  it('reads what follows "now" or "currently" after the past roles as said of now, not of the past', () => {
    const read = (q: string) => {
      const query = understandQuery(q);
      return { now: query.nowWords.map((i) => query.words[i]), past: query.pastAlternatives };
    };
    expect(read('ex Spotify designers now at Klarna')).toEqual({ now: ['klarna'], past: [['spotify']] });
    expect(read('formerly at Google or Meta, currently a motion designer at Stripe')).toEqual({ now: ['motion', 'stripe'], past: [['google'], ['meta']] });
    // Before the past roles, "currently" is filler like any other: the words before "used" are said of now.
    expect(read('designers currently at Klarna who used to be at Spotify')).toEqual({ now: ['klarna'], past: [['spotify']] });
  });

  it('gives a former employer named after the role wanted a word, and the full past-role bonus otherwise', () => {
    expect(pastRoleBonusWords(understandQuery('head of design based in Scandinavia, ex Adobe'))).toBe(PAST_ROLE_AFTER_ROLE_WORDS);
    expect(pastRoleBonusWords(understandQuery('former Google design directors'))).toBe(PAST_ROLE_BONUS_WORDS);
    expect(pastRoleBonusWords(understandQuery('designers who used to work at Possible Works'))).toBe(PAST_ROLE_BONUS_WORDS);
    expect(PAST_ROLE_AFTER_ROLE_WORDS).toBeLessThan(PAST_ROLE_BONUS_WORDS);
  });

  it('reads "or" lists as one unit of alternatives: the words right before and after each "or", chained', () => {
    const at = understandQuery('a 3d modeler in the us who has worked at stripe press or asana');
    expect(at.orGroups.map((list) => list.map((alternative) => alternative.map((i) => at.words[i])))).toEqual([[['stripe', 'press'], ['asana']]]);
    // 3d, modeler, us and the list: four units, three of which must match (six words would need four).
    expect(at.required).toBe(3);
    const places = understandQuery('designers in berlin or london or paris');
    expect(places.orGroups.map((list) => list.map((alternative) => alternative.map((i) => places.words[i])))).toEqual([[['berlin'], ['london'], ['paris']]]);
    expect(places.required).toBe(2);
    // Without a word on both sides, "or" is filler and nothing more.
    expect(understandQuery('brand or').orGroups).toEqual([]);
    expect(understandQuery('or').orGroups).toEqual([]);
    expect(understandQuery('lead designer canva').orGroups).toEqual([]);
  });

  it('bounds an "or" list by its clause, and reads a place beside a place alone', () => {
    const lists = (q: string) => {
      const query = understandQuery(q);
      return query.orGroups.map((list) => list.map((alternative) => alternative.map((i) => query.words[i])));
    };
    // Read back to the filler word, the list was a Product Designer in London or anyone remote.
    expect(lists('product designer, london or remote')).toEqual([[['london'], ['remote']]]);
    expect(lists('brand designer berlin or remote')).toEqual([[['berlin'], ['remote']]]);
    expect(lists('brand designer new york or remote')).toEqual([[['new', 'york'], ['remote']]]);
    expect(lists('remote or berlin brand designers')).toEqual([[['remote'], ['berlin']]]);
    // Not places: the runs as typed.
    expect(lists('brand designer or art director')).toEqual([[['brand', 'designer'], ['art', 'director']]]);
    expect(lists('ex google cloud or shopify')).toEqual([[['google', 'cloud'], ['shopify']]]);
    expect(lists('motion designers, buck or nike')).toEqual([[['buck'], ['nike']]]);
  });

  it('reads an "or" list of places a place-only marker introduces as one required list', () => {
    const lists = (q: string) => {
      const query = understandQuery(q);
      return query.requiredPlaceLists.map((list) => list.map((alternative) => alternative.map((i) => query.words[i]).join(' ')));
    };
    expect(lists('art director in berlin or london')).toEqual([['berlin', 'london']]);
    expect(lists('art director based in new york or remote')).toEqual([['new york', 'remote']]);
    // Unmarked, after "from", or naming what the work is about: no required list.
    expect(lists('art director berlin or london')).toEqual([]);
    expect(lists('designers from berlin or london')).toEqual([]);
    expect(lists('designers in fintech or healthcare')).toEqual([]);
  });

  it('requires each place a place-only marker introduces, outside "or" lists: a place of the world by its words, another by its first', () => {
    const required = (q: string) => wordsAt(q, 'requiredPlaceWords');
    expect(required('brand designer in Ulaanbaatar')).toEqual(['ulaanbaatar']);
    // What may name a place: no English word, a place of the world, a code of one. English words that name
    // none say what the work is about ("in children's healthcare apps", "in gaming").
    expect(required('designer in Kreuzberg')).toEqual(['kreuzberg']);
    expect(required('designer in Paris')).toEqual(['paris']);
    expect(required('designers in the US')).toEqual(['us']);
    expect(required("product designer with experience in children's healthcare apps")).toEqual([]);
    expect(required('motion designer in gaming')).toEqual([]);
    // Every word of a name of the world: New South Wales holds "new", not "york".
    expect(required('looking for a design lead based in new york')).toEqual(['new', 'york']);
    expect(required('illustrators in rio de janeiro')).toEqual(['rio', 'de', 'janeiro']);
    expect(required('diseñador gráfico en Toronto')).toEqual(['toronto']);
    expect(required('designers near Lisbon or Porto')).toEqual([]);
    // "from" and "a" also introduce employers and roles ("from google", "a brand designer").
    expect(required('someone from Google Maps')).toEqual([]);
    expect(required('a brand designer')).toEqual([]);
  });

  it('reads what a request says the designer uses: the words after "knows", "with", "uses" …, up to other filler', () => {
    const used = (q: string) => {
      const query = understandQuery(q);
      return query.usedWords.map((i) => query.words[i]);
    };
    expect(used('3d artist who uses blender')).toEqual(['blender']);
    expect(used('interaction designer who knows figma and sketch')).toEqual(['figma', 'sketch']);
    expect(used('proficient in figma')).toEqual(['figma']);
    expect(used('motion designer using after effects, based in berlin')).toEqual(['after', 'effects']);
    // The marker's own filler ends it: "with experience at Figma" names an employer.
    expect(used('designers with experience at figma')).toEqual([]);
    expect(used('product designer at figma')).toEqual([]);
    // "uses" and "using" say nothing of a designer: no record is asked to hold them.
    expect(understandQuery('3d artist who uses blender').words).toEqual(['3d', 'artist', 'blender']);
  });

  it('requires the country, region or state after a place too: it says which place of that name is meant', () => {
    const required = (q: string) => wordsAt(q, 'requiredPlaceWords');
    expect(required('3d artist in lagos portugal')).toEqual(['lagos', 'portugal']);
    expect(required('3d artist in Lagos, Portugal')).toEqual(['lagos', 'portugal']);
    expect(required('designers in paris texas')).toEqual(['paris', 'texas']);
    expect(required('product designer in london ontario canada')).toEqual(['london', 'ontario', 'canada']);
    expect(required('designers in san francisco california')).toEqual(['san', 'francisco', 'california']);
    expect(required('illustrators in mexico city, mexico')).toEqual(['mexico', 'city']);
    expect(required('diseñador UX en Santiago, Chile')).toEqual(['santiago', 'chile']);
    // A city, a code or another word after the place is no region: "in london ca" may be California.
    expect(required('designer in berlin lottie')).toEqual(['berlin']);
    expect(required('designer in london ca')).toEqual(['london']);
    expect(required('designers in brooklyn new york')).toEqual(['brooklyn']);
  });

  it('reads the "or" lists a request names as employers, each alternative by its words, kinds of employer aside', () => {
    const lists = (q: string) => {
      const query = understandQuery(q);
      return query.employerLists.map((alternatives) => alternatives.map((words) => words.map((i) => query.words[i]).join(' ')));
    };
    expect(lists('an art director in Scandinavia who has worked at IKEA or H&M')).toEqual([['ikea', 'hm']]);
    // After "ex", previous roles hold the list (pastAlternatives).
    expect(lists('motion designers based in germany, ex design lab or epic games')).toEqual([]);
    expect(lists('illustrators who worked at wolff olins or monzo or wise')).toEqual([['wolff olins', 'monzo', 'wise']]);
    expect(lists('designers at a big company or a startup')).toEqual([]);
    // Lists of roles, places or skills name no employer.
    expect(lists('ux or ui designers in berlin or london')).toEqual([]);
    expect(lists('good at figma or sketch')).toEqual([]);
  });

  it('reads the employers a request names: after "at", "from", "chez", "bei" or a word asking for past roles, outside "or" lists', () => {
    const employers = (q: string) => {
      const query = understandQuery(q);
      return query.employerWords.map((i) => query.words[i]);
    };
    expect(employers('motion designer at Deutsche Bahn')).toEqual(['deutsche', 'bahn']);
    expect(employers('designers who worked at Blue Bottle Coffee')).toEqual(['blue', 'bottle', 'coffee']);
    expect(employers('someone from Google Maps Platform')).toEqual(['google', 'maps', 'platform']);
    expect(employers('former Pineapple Express designers')).toEqual(['pineapple', 'express']);
    expect(employers('people who left Spotify')).toEqual(['spotify']);
    expect(employers('ex-Lego art directors')).toEqual(['lego', 'art', 'directors']);
    expect(employers('Designerin bei Siemens')).toEqual(['siemens']);
    expect(employers('directrice artistique chez Hermès')).toEqual(['hermes']);
    // The employer ends at the first filler word; "the" may open it.
    expect(employers('product designer in Reykjavik who worked at Spotify and Nike and Lego')).toEqual(['spotify']);
    expect(employers('a designer at the New York Times')).toEqual(['new', 'york', 'times']);
    // Alternatives are held by their list; kinds of employer, people and times are no employer.
    expect(employers('an art director who has worked at IKEA or Lego')).toEqual([]);
    expect(employers('designer at a large company')).toEqual([]);
    expect(employers('ex FAANG staff')).toEqual([]);
    expect(employers('at least 5 years at big tech')).toEqual(['tech']);
    // A comma, a slash or a bracket ends an employer: "ex Apple, Google" lists two.
    expect(employers('designers who worked at Apple, Google and Meta')).toEqual(['apple']);
    expect(employers('ex Apple / Google designers')).toEqual(['apple']);
    expect(employers('former colleagues at Pentagram (London)')).toEqual(['pentagram']);
    // Phrases that name nobody.
    expect(employers('designer working at the intersection of art and code')).toEqual([]);
    expect(employers('builds design systems from the ground up')).toEqual([]);
    expect(employers('a designer who has worked at both Google and Meta')).toEqual(['google']);
    // After a word of skill or schooling, "at" and "from" name no employer.
    expect(employers('good at typography')).toEqual([]);
    expect(employers('illustrator who studied at RISD')).toEqual([]);
    expect(employers('graduated from Central Saint Martins')).toEqual([]);
    // "bei" introduces an employer, so what follows it is no required place.
    expect(understandQuery('Designerin bei Siemens').requiredPlaceWords).toEqual([]);
  });

  it('shares the head of the last alternative with the others: "ux or ui designer" is a UX or a UI designer', () => {
    const alternatives = (q: string) => {
      const query = understandQuery(q);
      return { lists: query.orGroups.map((list) => list.map((alternative) => alternative.map((i) => query.words[i]))), required: query.required };
    };
    // The list, then "designer" as a unit of its own that every match holds.
    expect(alternatives('ux or ui designer')).toEqual({ lists: [[['ux'], ['ui']]], required: 2 });
    expect(alternatives('art or creative directors in london')).toMatchObject({ lists: [[['art'], ['creative']]] });
    expect(alternatives('packaging or motion designers')).toMatchObject({ lists: [[['packaging'], ['motion']]] });
    // A head on each side, or no head at the end: the alternatives stay whole.
    expect(alternatives('brand designer or art director')).toMatchObject({ lists: [[['brand', 'designer'], ['art', 'director']]] });
    expect(alternatives('worked at asana or stripe press')).toMatchObject({ lists: [[['asana'], ['stripe', 'press']]] });
    expect(alternatives('ux or designer')).toMatchObject({ lists: [[['ux'], ['designer']]] });
  });

  it('reads what a request for past roles says a previous role holds: the words after "ex", each "or" on its own', () => {
    expect(understandQuery('motion designers based in germany, ex google cloud or shopify').pastAlternatives).toEqual([['google', 'cloud'], ['shopify']]);
    // The role asked for comes before "ex": it stays with the current role.
    expect(understandQuery('art directors ex lego').pastAlternatives).toEqual([['lego']]);
    // "designer" and the places named are not what the previous role holds.
    expect(understandQuery('former Helpful Design Co. designers in Berlin').pastAlternatives).toEqual([['helpful', 'design', 'co']]);
    // Nothing after the word: every word.
    expect(understandQuery('google design directors, formerly').pastAlternatives).toEqual([['google', 'design', 'directors']]);
    expect(understandQuery('google design directors').pastAlternatives).toEqual([]);
    expect(understandQuery('former designers').pastAlternatives).toEqual([]);
  });

  it('the last word also matches as a prefix anywhere, an earlier initial (one letter) as a prefix of the name', () => {
    expect(understandQuery('G. Boyer')).toMatchObject({ words: ['g', 'boyer'], prefix: ['name', 'any'] });
    expect(understandQuery('boyer g')).toMatchObject({ words: ['boyer', 'g'], prefix: [null, 'any'] });
    // "Surname, Initial": a last letter with a full stop, or after a comma, is an initial too.
    for (const q of ['Boyer, G.', 'Boyer, G', 'Boyer,G', 'boyer G.', 'Boyer, G. ']) expect(understandQuery(q).prefix, q).toEqual([null, 'name']);
    for (const q of ['Boyer, Ge', 'mr. g', 'boyer g']) expect(understandQuery(q).prefix, q).toEqual([null, 'any']);
    expect(understandQuery('J R R Tolkien')).toMatchObject({ words: ['j', 'r', 'tolkien'], prefix: ['name', 'name', 'any'] });
    // A digit is no initial: "3 designer" does not look for "3d…" (a number alone is filler).
    expect(understandQuery('3 designer')).toMatchObject({ words: ['designer'], prefix: ['any'] });
    expect(understandQuery('boyer, 3')).toMatchObject({ words: ['boyer'], prefix: ['any'] });
    expect(understandQuery('Ö Ünal').prefix).toEqual(['name', 'any']);
  });

  it('the last word of a request typed whole is the whole word, not a prefix', () => {
    const last = (q: string) => understandQuery(q).prefix.at(-1);
    // A sentence, four words or more, or three filler words or more, ending in an English word.
    for (const q of ['who can animate our video?', 'someone to design icons for our app', 'a comic artist who storyboards for our app', 'brand designer logo packaging app']) {
      expect([q, last(q)]).toEqual([q, null]);
    }
    // Typed as a search: few words, or a last word no English word, still a prefix.
    for (const q of ['comic artist appl', 'icons app', 'product designers in berl', 'find me a 3D generalist in Berlin who knows Blen']) {
      expect([q, last(q)]).toEqual([q, 'any']);
    }
  });

  it('a last place code after a word that introduces a place is the whole word, not a prefix', () => {
    for (const q of ['designers in LA', 'designers in NY', 'ux designer near SF', 'brand designers from uk', 'designers based in de', 'contract ux work in the US'])
      expect(understandQuery(q).prefix.at(-1), q).toBeNull();
    // No place word before it, no place code, or not last: search as you type.
    for (const q of ['designers la', 'designers in qx', 'designers in lag', 'boyer g', 'designers in la brand', 'la designers in la'])
      expect(understandQuery(q).prefix.at(-1), q).toBe('any');
  });

  it('folds accents and case as the documents are folded', () => {
    expect(understandQuery('Zoë MÜLLER').words).toEqual(['zoe', 'muller']);
  });

  it('keeps the words of a query made only of filler', () => {
    expect(understandQuery('The Who').words).toEqual(['the', 'who']);
    expect(understandQuery('The Who').required).toBe(2);
  });

  it('reads "hiring" as asking when someone or a role follows it, else as the skill it names', () => {
    for (const q of ['hiring a product designer in berlin', 'we are hiring product designers', 'hire brand designers', 'hiring for our team lead role']) {
      expect([q, understandQuery(q).words.includes('hiring') || understandQuery(q).words.includes('hire')]).toEqual([q, false]);
    }
    expect(understandQuery('hiring logistics').words).toEqual(['hiring', 'logistics']);
    expect(understandQuery('someone with hiring experience in travel').words).toEqual(['hiring', 'travel']);
    expect(understandQuery('design manager who is good at hiring').words).toEqual(['design', 'manager', 'hiring']);
  });

  it('reads "help" as asking when "with", a person or a role follows it or a need comes before it', () => {
    expect(understandQuery('who can help with our app onboarding ux in berlin').words).toEqual(['app', 'onboarding', 'ux', 'berlin']);
    expect(understandQuery('we need help redesigning our banking app').words).toEqual(['redesigning', 'banking', 'app']);
    expect(understandQuery('someone to help me find an illustrator').words).toEqual(['illustrator']);
    expect(understandQuery('help scout').words).toEqual(['help', 'scout']);
  });

  it('reads how many a request asks for, and what it allows, as filler; not a number written as a word', () => {
    expect(understandQuery('could you suggest a few illustrators for children s books').words).toEqual(['illustrators', 'children', 'books']);
    expect(understandQuery('a couple of animators, remote ok').words).toEqual(['animators', 'remote']);
    expect(understandQuery('spatial designer who knows three.js').words).toEqual(['spatial', 'designer', 'three', 'js']);
  });

  it('pairs each filler word with the words typed beside it, for a name that may hold both', () => {
    expect(understandQuery('can yilmaz').fillerInNames).toEqual([{ filler: 'can', beside: 0 }]);
    expect(understandQuery('motion designer can yilmaz').fillerInNames).toEqual([{ filler: 'can', beside: 1 }, { filler: 'can', beside: 2 }]);
    // Filler beside filler alone pairs with nothing.
    expect(understandQuery('a motion designer who can animate').fillerInNames).toEqual([{ filler: 'a', beside: 0 }, { filler: 'who', beside: 1 }, { filler: 'can', beside: 2 }]);
    expect(understandQuery('The Who').fillerInNames).toEqual([]);
  });

  it('counts each word once', () => {
    expect(understandQuery('design design lead').words).toEqual(['design', 'lead']);
  });

  it('has no words for blank or punctuation-only text', () => {
    expect(understandQuery('  ,. ').words).toEqual([]);
    expect(understandQuery(undefined).required).toBe(0);
  });

  it('filler is one shared list of folded words', () => {
    for (const word of FILLER_WORDS) expect(word).toMatch(/^[a-z]+$/);
  });
});

describe('requiredMatches', () => {
  it('one or two words must all match; then one, two, or 40% may be missing', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 10].map(requiredMatches)).toEqual([0, 1, 2, 2, 3, 3, 4, 5, 5, 6]);
  });

  it('reads the places a request introduces as places, in the languages requests come in', () => {
    const places = (q: string) => understandQuery(q).places;
    expect(places('an 3d modeler in the us who has worked at n26 or webflow')).toEqual([['us']]);
    expect(places('motion designers based in new york, ex google or shopify')).toEqual([['new', 'york']]);
    expect(places('diseñador gráfico en Toronto')).toEqual([['toronto']]);
    expect(places('directrice artistique à Genève')).toEqual([['geneve']]);
    expect(places('designer em São Paulo')).toEqual([['sao', 'paulo']]);
    expect(places('brand designers from spain')).toEqual([['spain']]);
    // A place is at most three words, and ends at the next filler word.
    expect(places('illustrator in rio de janeiro brazil')).toEqual([['rio', 'de', 'janeiro']]);
    expect(places('product designer fintech')).toEqual([]);
    // No role names a place: after the Italian and Portuguese "a", the English article's role is no place.
    expect(places('a product designer in berlin')).toEqual([['berlin']]);
    expect(places('a head of design')).toEqual([]);
    expect(places('designer a Milano')).toEqual([['milano']]);
    // A query made only of filler has no place: its words are all it searches for.
    expect(places('in the')).toEqual([]);
    expect(placeSpans(['in', 'a', 'in', 'b', 'in', 'c', 'in', 'd'])).toEqual([['b'], ['c'], ['d']]);
  });
});

describe('QueryWords.nameRuns', () => {
  const runs = (q: string) => {
    const { words, nameRuns } = understandQuery(q);
    return nameRuns.map((run) => ({ words: run.words.map((i) => words[i]), opening: run.opening }));
  };

  it('reads consecutive capitalised content words as one name, wherever the request writes them', () => {
    expect(runs('Blue Bottle Coffee designers')).toEqual([{ words: ['blue', 'bottle', 'coffee'], opening: true }]);
    expect(runs('brand designer Ulaanbaatar')).toEqual([{ words: ['ulaanbaatar'], opening: false }]);
    expect(runs('Ingrid Thorvaldsdottir, product designer')).toEqual([{ words: ['ingrid', 'thorvaldsdottir'], opening: true }]);
    // Filler splits names: "Deutsche Bahn" and "Lottie" are two.
    expect(runs('motion designer, Deutsche Bahn who knows Lottie')).toEqual([
      { words: ['deutsche', 'bahn'], opening: false },
      { words: ['lottie'], opening: false },
    ]);
  });

  it('marks the runs that open a sentence, where a capital may be the sentence\'s', () => {
    expect(runs('Friendly brand designer')).toEqual([{ words: ['friendly'], opening: true }]);
    expect(runs('brand designer. Berlin based')).toEqual([{ words: ['berlin'], opening: true }]);
  });

  it('reads no name where the request writes no content word in lower case', () => {
    expect(runs('Senior Product Designer Berlin')).toEqual([]);
    expect(runs('Ingrid Thorvaldsdottir')).toEqual([]);
    expect(runs('UX DESIGNER IKEA')).toEqual([]);
    expect(runs('brand designer ulaanbaatar')).toEqual([]);
  });

  it('leaves out the words other rules read, initials and words that start with a digit', () => {
    // Employers, places after "in", and "or" lists have rules of their own.
    expect(runs('motion designer at Deutsche Bahn')).toEqual([]);
    expect(runs('product designer in New York')).toEqual([]);
    expect(runs('designer who worked at IKEA or H&M')).toEqual([]);
    // An initial is read by the prefix rules; "3D" is a word of the trade.
    expect(runs('boyer G. product designer')).toEqual([]);
    expect(runs('a 3D artist')).toEqual([]);
    // Abbreviations, kinds of employer and the word every role says name no one.
    expect(runs('product designer for LLM and AI tools')).toEqual([]);
    expect(runs('product designer with Fortune 500 experience')).toEqual([]);
    expect(runs('motion Designer Nike')).toEqual([{ words: ['nike'], opening: false }]);
    // After "a" or "from" a name may follow ("a Blue Bottle Coffee alum"): not a place rule's.
    expect(runs('a Blue Bottle Coffee alum')).toEqual([{ words: ['blue', 'bottle', 'coffee'], opening: false }]);
  });
});


describe('withoutWords', () => {
  it('drops the words asked, with their prefixes, and maps each word left to its index in the query', () => {
    const query = understandQuery('motion designer berlin');
    const { query: left, kept } = withoutWords(query, [2]);
    expect(left.words).toEqual(['motion', 'designer']);
    expect(left.prefix).toEqual(query.prefix.slice(0, 2));
    expect(kept).toEqual([0, 1]);
    expect(withoutWords(query, [0]).kept).toEqual([1, 2]);
  });

  it('returns the query itself when it drops nothing', () => {
    const query = understandQuery('lead designer canva');
    expect(withoutWords(query, []).query).toBe(query);
  });
});

describe('employersWorkedAt', () => {
  const workedAt = (q: string) => understandQuery(q).employersWorkedAt;

  it('says every employer named is one the designer worked at: a past, a verb of work or a word of experience says so', () => {
    for (const q of [
      'product designer in berlin who worked at canva',
      'designers who have worked for stripe',
      'brand designer in london, previously at google',
      'ex google motion designers',
      'ux designer with experience at n26',
      'busco diseñador de producto en Madrid que haya trabajado en Glovo',
      'ich suche eine Grafikdesignerin, die bei Siemens gearbeitet hat',
      'Produktdesignerin mit Erfahrung bei Zalando',
    ]) {
      expect([q, workedAt(q)]).toEqual([q, true]);
    }
  });

  it('is false where a role is at the employer now, or where none is named', () => {
    for (const q of ['product designer at canva', '3d artists at volvo cars based in reykjavik', 'designers at google who worked at spotify', 'product designers in berlin']) {
      expect([q, workedAt(q)]).toEqual([q, false]);
    }
  });
});
