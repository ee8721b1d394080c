import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { synonymRuleSchema } from '../text/synonym-rule.schema.ts';
import { anchorWords, askedRole, employerListsHeld, employerOnlyWords, exactEmployers, namedRoles, qualifiedRoles, CURATED_SYNONYM_SET, heldCraft, heldRole, conceptSpans, currentRoleWords, unitsOfNow, unitsOfPast, roleWordsOf, spelledWords, expandQueryWords, heldInTitle, knownTitleForms, knownWords, nameOnlyWords, toolWords, wordsOfNoRole, namedPlaces, placeOnlyWords, preferableEmployer, preferablePlace, roleUnits, SynonymSet, togetherWords, unitWords, wholePlaceWords, withEmployerPreferred, wordsOfNoEmployer } from './query-synonyms.ts';
import { understandQuery } from './query-words.ts';
import { wordForms } from '../text/word-forms.ts';

const synonymsOf = (q: string, word: string, set = CURATED_SYNONYM_SET) => expandQueryWords(q, set).find((e) => e.word === word)?.synonyms.map((p) => p.join(' '));

describe('expandQueryWords', () => {
  it('finds the craft profiles name for what a request names by its artefacts', () => {
    const found = (q: string) => expandQueryWords(q).flatMap((e) => e.synonyms.map((phrase) => phrase.join(' ')));
    expect(found('mockups')).toEqual(expect.arrayContaining(['prototyp', 'ui design']));
    expect(found('hci')).toEqual(expect.arrayContaining(['interact design', 'ux research']));
    expect(found('explainer videos')).toEqual(expect.arrayContaining(['motion graphic', 'anim']));
    expect(found('photorealistic renders')).toEqual(expect.arrayContaining(['3d render', 'cgi']));
  });

  it('gives each content word its stem', () => {
    expect(expandQueryWords('prototyping researchers').map((e) => [e.word, e.form])).toEqual([
      ['prototyping', 'prototyp'],
      ['researchers', 'research'],
    ]);
  });

  it('expands a phrase of the query to each of its words: art director finds creative directors', () => {
    expect(synonymsOf('art director', 'art')).toContain('creativ director');
    expect(synonymsOf('art directors in Oslo', 'directors')).toContain('creativ director');
    expect(synonymsOf('art directors in Oslo', 'oslo')).toEqual([]);
  });

  it('reads equivalents both ways and one-way rules one way', () => {
    expect(synonymsOf('infographics', 'infographics')).toContain('data visualiz');
    expect(synonymsOf('data visualization', 'data')).toContain('infograph');
    expect(synonymsOf('cdo', 'cdo')).toContain('chief design offic');
    expect(synonymsOf('chief design officer', 'chief')).not.toContain('cdo');
    // Titles recruiters write for roles profiles name more plainly, one way: a product designer is no app designer.
    expect(synonymsOf('app designer', 'app')).toEqual(expect.arrayContaining(['product design', 'ui design']));
    expect(synonymsOf('concept artist', 'concept')).toContain('illustr');
    expect(synonymsOf('vfx artist', 'vfx')).toEqual(expect.arrayContaining(['cgi artist', '3d artist']));
    expect(synonymsOf('product designer', 'product')).not.toContain('app design');
    // Who does a craft the list names: a calligrapher letters, a cartoonist illustrates.
    expect(synonymsOf('calligrapher', 'calligrapher')).toContain('letter');
    expect(synonymsOf('cartoonist', 'cartoonist')).toEqual(expect.arrayContaining(['comic artist', 'illustr']));
    expect(synonymsOf('illustrator', 'illustrator')).not.toContain('cartoonist');
    // A motion graphics artist is a motion designer, not a graphic artist ("graphics artist") who does motion.
    expect(synonymsOf('motion graphics artist', 'motion')).toContain('motion design');
    expect(conceptSpans('motion graphics artists in berlin').map((span) => span.covers.join(' '))).toEqual(['motion graphics artists']);
    // A technology finds the library written with it, not the reverse: Three.js is WebGL, WebGL is not Three.js.
    expect(synonymsOf('webgl', 'webgl')).toContain('three js');
    expect(synonymsOf('threejs', 'threejs')).toEqual(['three js']);
  });

  it('a one-way rule whose phrase has the stems of one of its targets gives that target nothing of the rule', () => {
    // "lettere" and "lettering" are both "letter": the made-up rule cannot tell the English word apart.
    const set = SynonymSet.parse(['lettering, calligraphy', 'lettere, ecriture manuscrite => lettering, hand lettering']);
    expect(synonymsOf('lettering', 'lettering', set)).toEqual(['calligraph']);
    expect(synonymsOf('lettere', 'lettere', set)).toEqual(['calligraph']);
    // The rule's other phrases still find its targets.
    expect(synonymsOf('ecriture manuscrite', 'ecriture', set)).toEqual(expect.arrayContaining(['letter', 'hand letter']));
    // On the curated list: a typographer is no type designer, and a word its own target stems alike is no rule.
    expect(synonymsOf('typographer', 'typographer')).not.toContain('type design');
  });

  it('keeps apart rules whose words Porter would join: a product designer is no production designer', () => {
    expect(synonymsOf('product designer', 'product')).toEqual(expect.arrayContaining(['interact design', 'ux design']));
    for (const phrase of ['production artist', 'artwork', 'set design', 'scenograph']) expect(synonymsOf('product designers', 'product')).not.toContain(phrase);
    expect(synonymsOf('production designer', 'production')).toEqual(expect.arrayContaining(['production artist', 'artwork']));
    expect(synonymsOf('production designer', 'production')).not.toContain('ux design');
    expect(synonymsOf('visual designer', 'visual')).not.toContain('infograph');
  });

  it('maps other languages, feminine forms and compounds to the concept', () => {
    expect(synonymsOf('Markendesignerin Frankfurt', 'markendesignerin')).toContain('brand design');
    expect(synonymsOf('diseñadora UX en Santiago', 'disenadora')).toContain('ux design');
    expect(synonymsOf('directrice de la création à Genève', 'directrice')).toContain('creativ director');
    // The articles inside the phrase are found with it.
    expect(synonymsOf('directeur de la création', 'la')).toContain('creativ director');
    expect(synonymsOf('designer gráfica', 'grafica')).toContain('graphic design');
    // Engagement, and the praise said before a role, which no profile is held to.
    expect(synonymsOf('freiberufliche Illustratorin', 'freiberufliche')).toContain('freelanc');
    expect(synonymsOf('diseñadora autónoma', 'autonoma')).toContain('freelanc');
    expect(synonymsOf('designer wfh', 'wfh')).toContain('remot');
    expect(expandQueryWords('erfahrene talentueuse Illustratorin').map((e) => e.word)).toEqual(['illustratorin']);
  });

  it('follows one hop from what a rule finds: a one-way rule finds the equivalents of its target', () => {
    // directrice artistique => art director; art director, creative director.
    expect(synonymsOf('directrice artistique', 'directrice')).toEqual(expect.arrayContaining(['art director', 'creativ director']));
    expect(synonymsOf('diretora de arte', 'arte')).toEqual(expect.arrayContaining(['art director', 'creativ director']));
    // One hop only: a => b, b => c, c => d finds b and c, never d.
    const chain = SynonymSet.parse(['alpha => beta', 'beta => gamma', 'gamma => delta']);
    expect(synonymsOf('alpha', 'alpha', chain)).toEqual(['beta', 'gamma']);
    // A phrase never finds itself through the hop.
    expect(synonymsOf('beta', 'beta', SynonymSet.parse(['beta, gamma']))).toEqual(['gamma']);
    // Curators' rules join the hop: a stored rule to a curated phrase finds its equivalents too.
    const stored = CURATED_SYNONYM_SET.with([synonymRuleSchema.parse('bildgestalter => art director')]);
    expect(synonymsOf('bildgestalter', 'bildgestalter', stored)).toEqual(expect.arrayContaining(['art director', 'creativ director']));
  });

  it('keeps the heads of design apart from those who lead the work: no hop from "head of design" to "lead product designer"', () => {
    const phrases = (q: string) => conceptSpans(q).flatMap((span) => span.synonyms.map((phrase) => phrase.join(' ')));
    for (const q of ['head of design', 'design director', 'ux director', 'vp design']) {
      expect([q, phrases(q).filter((phrase) => phrase.includes('lead'))]).toEqual([q, []]);
      expect(phrases(q)).toEqual(expect.arrayContaining(q === 'head of design' ? ['design director'] : ['head of design']));
    }
    // A design lead may head design, and leads the work: both.
    expect(phrases('design lead')).toEqual(expect.arrayContaining(['head of design', 'lead product design']));
    expect(phrases('ux lead')).toEqual(expect.arrayContaining(['head of ux', 'design lead', 'lead product design']));
  });

  it('reads a title in another language as what it means: its translation\'s first target, apart from the other synonyms', () => {
    const meanings = (q: string) => expandQueryWords(q).map((e) => [e.word, e.meanings.map((p) => p.join(' '))]);
    // "diseñadora" alone means designer; with "gráfica", graphic designer.
    expect(meanings('diseñadora gráfica en Barcelona')).toEqual([['disenadora', ['design', 'graphic design']], ['grafica', ['graphic design']], ['barcelona', []]]);
    expect(meanings('Markendesignerin')).toEqual([['markendesignerin', ['brand design']]]);
    expect(meanings('directrice artistique')).toEqual([['directrice', ['art director']], ['artistique', ['art director']]]);
    // Who does the work means a role; the work, a skill.
    const meaning = (phrase: string) => CURATED_SYNONYM_SET.meaning(phrase.split(' '))?.join(' ');
    expect([meaning('markendesignerin'), meaning('markenidentitat'), meaning('nutzerforschung'), meaning('ux forscherin')]).toEqual(['brand design', 'brand ident', 'user research', 'ux research']);
    expect([meaning('identidad visual'), meaning('disenadora de marca'), meaning('designer de marque'), meaning('identite visuelle')]).toEqual(['brand ident', 'brand design', 'brand design', 'brand ident']);
    // The meaning is among the synonyms too; its equivalents are synonyms only.
    expect(synonymsOf('grafikdesignerin', 'grafikdesignerin')).toEqual(expect.arrayContaining(['graphic design', 'visual design']));
    // The field's own words widen by a one-way rule; they mean what they say.
    expect(meanings('ui designer')).toEqual([['ui', []], ['designer', []]]);
    expect(meanings('art director')).toEqual([['art', []], ['director', []]]);
    // A curator's rule finds, but is no translation.
    const stored = CURATED_SYNONYM_SET.with([synonymRuleSchema.parse('bildgestalter => art director')]);
    expect(expandQueryWords('bildgestalter', stored)[0]!.meanings).toEqual([]);
    expect(SynonymSet.parse(['zeichnerin => illustrator'], ['zeichnerin => illustrator']).meaning(['zeichnerin'])).toEqual(['illustr']);
    expect(SynonymSet.parse(['zeichnerin => illustrator']).meaning(['zeichnerin'])).toBeNull();
  });

  it('keeps every expansion of the curated list small: at most 16 phrases a phrase', () => {
    for (const q of ['art director', 'interaction design', 'leads a team', 'grafica', 'head of design']) {
      for (const e of expandQueryWords(q)) expect(e.synonyms.length, q).toBeLessThanOrEqual(16);
    }
  });

  it('leaves the words of the query as understandQuery reads them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (q) => {
        expect(expandQueryWords(q).map((e) => e.word)).toEqual(understandQuery(q).words);
      }),
    );
  });

  it('adds curators\' rules to the curated ones', () => {
    const set = CURATED_SYNONYM_SET.with([synonymRuleSchema.parse('zine maker, risograph printer')]);
    expect(synonymsOf('zine maker', 'zine', set)).toEqual(['risograph printer']);
    expect(synonymsOf('zine maker', 'zine')).toEqual([]);
    expect(SynonymSet.parse(['a b, c']).size).toBe(2);
  });
});

describe('conceptSpans', () => {
  it('reads no phrase across a list\'s "and" that takes the first word of the next item\'s phrase', () => {
    const covers = (q: string) => conceptSpans(q).map((span) => span.covers.join(' '));
    // "accessible design" across the "and" took "design" from "design systems".
    expect(covers('strong in accessibility and design systems')).toEqual(['accessibility', 'design systems']);
    expect(covers('accesibilidad y sistemas de diseño')).toEqual(['accesibilidad', 'sistemas de diseno']);
    // A phrase that takes the whole of the next item, or holds "and" itself, is still one.
    expect(covers('ux and ui designer')).toEqual(['ux ui designer']);
    expect(covers('food and beverage brand designer')).toEqual(['food beverage', 'brand designer']);
  });

  it('counts a word of another language as the words it means: "Grafikdesigner" is two, as "graphic designer" is', () => {
    const words = (q: string) => conceptSpans(q).map((span) => [span.covers.join(' '), span.words]);
    expect(words('senior Grafikdesigner in Tokyo')).toEqual([['senior', 1], ['grafikdesigner', 2]]);
    expect(words('senior graphic designer in tokyo')).toEqual([['senior', 1], ['graphic designer', 2]]);
    expect(words('Kreativdirektorin')).toEqual([['kreativdirektorin', 2]]);
    expect(words('Illustratorin')).toEqual([['illustratorin', 1]]);
  });

  it('reads no phrase from "experience" before a verb: "experience designing" is what the designer has done', () => {
    const typed = (q: string) => conceptSpans(q).map((span) => span.typed.join(' '));
    expect(typed('who has experience designing for healthcare in Nairobi')).not.toContain(wordForms(['experience', 'design']).join(' '));
    expect(typed('experience designer in nairobi')).toEqual([wordForms(['experience', 'designer']).join(' ')]);
    expect(typed('user experience designers')).toEqual([wordForms(['user', 'experience', 'designers']).join(' ')]);
  });

  it('takes the longest phrase a rule knows, with the words typed first and their synonyms', () => {
    const [span, ...rest] = conceptSpans('ux designer');
    expect(rest).toEqual([]);
    expect(span).toMatchObject({ words: 2, covers: ['ux', 'designer'], typed: ['ux', 'design'], past: false });
    expect(span!.synonyms).toContainEqual(['interact', 'design']);
  });

  it('of two phrases that share a word, reads the one typed first: an employer\'s first word is no part of the role', () => {
    const covers = (q: string) => conceptSpans(q).map((span) => span.covers.join(' '));
    expect(covers('creative director design lab')).toEqual(['creative director']);
    expect(covers('design director design lab')).toEqual(['design director']);
    expect(covers('motion lead design lab')).toEqual(['motion lead']);
    // Phrases apart are each read; one inside another is the longer.
    expect(covers('senior product designer')).toEqual(['senior', 'product designer']);
    // So the role every match holds is the creative director's alone, not a "director of design" too.
    const roles = namedRoles(understandQuery('creative director design lab'), conceptSpans('creative director design lab'));
    expect(roles.map(({ phrases }) => phrases[0])).toEqual([['creativ', 'director']]);
  });

  it('reads a phrase whose equivalents all stem alike as a concept with nothing else to find', () => {
    // British and American spellings stem alike ("jewellery", "jewelry"), as do a craft and who does it.
    for (const q of ['jewellery designers in lisbon', 'jewelry designer', 'lighting designer', 'lighting design']) {
      const [span, ...rest] = conceptSpans(q);
      expect([q, rest.length, span?.covers.length, span?.synonyms]).toEqual([q, 0, 2, []]);
    }
  });

  it('of two phrases that share a word, reads the one that ends in a role\'s head noun, the other held as a rival', () => {
    const spans = (q: string) => conceptSpans(q).map((span) => [span.covers.join(' '), (span.rivals ?? []).map((phrase) => phrase.join(' '))]);
    // An employer's last word makes "games design" a phrase: the role is the design lead.
    expect(spans('riot games design lead')).toEqual([['design lead', ['game design']]]);
    expect(spans('game design lead')).toEqual([['design lead', ['game design']]]);
    // The rival is read as typed, not by its synonyms: "director design" is no design director.
    expect(spans('creative director design lab')).toEqual([['creative director', ['director design']]]);
    expect(spans('senior product designer')).toEqual([['senior', []], ['product designer', []]]);
  });

  it('holds a rival that names no role by its equivalents too', () => {
    // "entry level" qualifies the designers: the juniors are who the request asks for, not level designers only.
    const [span] = conceptSpans('entry level designers');
    expect(span!.covers).toEqual(['level', 'designers']);
    expect(span!.rivals).toEqual(expect.arrayContaining([['entri', 'level'], ['junior']]));
    expect(namedRoles(understandQuery('entry level designers'), conceptSpans('entry level designers'))[0]!.phrases).toContainEqual(['junior']);
  });

  it('a phrase in another language is typed as what it means, its equivalents its synonyms', () => {
    const [span] = conceptSpans('diseñadora gráfica en Barcelona');
    expect(span!.covers).toEqual(['disenadora', 'grafica']);
    expect(span!.typed).toEqual(['graphic', 'design']);
    expect(span!.synonyms).toContainEqual(['visual', 'design']);
    expect(span!.synonyms).not.toContainEqual(['graphic', 'design']);
    // The words as typed are a phrase it finds: a title written in Spanish holds the concept.
    expect(span!.synonyms).toContainEqual(['disenadora', 'grafica']);
    expect(conceptSpans('Markendesignerin')[0]!.typed).toEqual(['brand', 'design']);
    expect(conceptSpans('ui designer')[0]!.typed).toEqual(['ui', 'design']);
  });

  it('counts content words only, and keeps the glue inside a phrase ("head of design")', () => {
    const [span] = conceptSpans('head of design');
    expect(span).toMatchObject({ words: 2, covers: ['head', 'design'], typed: ['head', 'of', 'design'] });
  });

  it('without a phrase the rules know, takes the one content word, places and the word every role says aside', () => {
    expect(conceptSpans('researchers designers in berlin')).toEqual([{ words: 1, covers: ['researchers'], typed: ['research'], synonyms: [], past: false }]);
    // Several words: the role bonuses tell roles apart.
    expect(conceptSpans('senor product desi')).toEqual([]);
  });

  it('marks what follows a word asking for past roles, and only that', () => {
    expect(conceptSpans('art directors ex lego').map((s) => [s.typed.join(' '), s.past])).toEqual([['art director', false]]);
    expect(conceptSpans('former art director').map((s) => [s.typed.join(' '), s.past])).toEqual([['art director', true]]);
    expect(conceptSpans('ex researchers').map((s) => [s.typed.join(' '), s.past])).toEqual([['research', true]]);
  });

  it('finds nothing in a query of filler alone or of nothing', () => {
    expect(conceptSpans('')).toEqual([]);
    expect(conceptSpans('who is in')).toEqual([]);
  });
});

describe('placeOnlyWords', () => {
  const placeOnly = (q: string, set = CURATED_SYNONYM_SET) => {
    const query = understandQuery(q);
    return placeOnlyWords(query, set).map((i) => query.words[i]);
  };

  it('keeps the required place words that name no title, skill, tool or domain', () => {
    expect(placeOnly('brand designer in Ulaanbaatar')).toEqual(['ulaanbaatar']);
    expect(placeOnly('illustrator based in Wellington')).toEqual(['wellington']);
    expect(placeOnly('diseñador UX en Santiago')).toEqual(['santiago']);
  });

  it('leaves out a word of the vocabulary after "in", by its stem: a domain, a skill, a tool', () => {
    expect(placeOnly('designer with experience in fintech')).toEqual([]);
    expect(placeOnly('someone skilled in motion design')).toEqual([]);
    expect(placeOnly('a designer who works in figma')).toEqual([]);
    expect(placeOnly('designers in gaming')).toEqual([]);
  });

  it('counts the rules curators add', () => {
    expect(CURATED_SYNONYM_SET.holdsWord('zinewright')).toBe(false);
    expect(placeOnly('designer in zinewright')).toEqual(['zinewright']);
    const withRule = CURATED_SYNONYM_SET.with([synonymRuleSchema.parse('zinewright, zine maker')]);
    expect(withRule.holdsWord('zinewright')).toBe(true);
    expect(placeOnly('designer in zinewright', withRule)).toEqual([]);
  });
});

describe('namedPlaces', () => {
  const places = (q: string, set = CURATED_SYNONYM_SET) => namedPlaces(understandQuery(q), set).map((p) => p.join(' '));

  it('reads the words no rule knows, typed beside the role, as a place, as "in" would', () => {
    expect(places('graphic designer Berlin')).toEqual(['berlin']);
    expect(places('Markendesignerin Frankfurt')).toEqual(['frankfurt']);
    expect(places('lyon illustrators')).toEqual(['lyon']);
    expect(places('product designer new york')).toEqual(['new york']);
  });

  it('reads a run of English words as a place only where it is a place\'s name', () => {
    // "new" of "our new app" is no place: a location holding it (New York, New South Wales) earned the bonus.
    expect(places('comic artists for our new app')).toEqual([]);
    expect(places('someone to take on prototyping for our new travel website')).toEqual([]);
    expect(places('illustrators phoenix')).toEqual(['phoenix']);
  });

  it('keeps the places a marker introduces first, each once, and at most three', () => {
    expect(places('graphic designer in Berlin')).toEqual(['berlin']);
    expect(places('Berlin graphic designer in Berlin')).toEqual(['berlin']);
    // Rive is a tool the rules know, no place.
    expect(places('designer from Lisbon who knows Rive')).toEqual(['lisbon']);
    expect(namedPlaces(understandQuery('designers in lyon, paris, rome or oslo and in nice and in sofia')).length).toBeLessThanOrEqual(3);
  });

  it('reads a word for remote work as a place of its own, though the synonym rules know it', () => {
    expect(places('remote editorial designer')).toEqual(['remote']);
    // "a" also introduces a place in French: the run after it is one too, held only where a place holds it whole.
    expect(places('a remote editorial designer')).toContain('remote');
    expect(places('brand designer who works remotely')).toEqual(['remotely']);
    expect(places('diseñadora de marca en teletrabajo')).toEqual(['teletrabajo']);
    expect(places('wfh illustrator berlin')).toEqual(['berlin', 'wfh']);
    // "distributed" names systems as often as teams.
    expect(places('designer for distributed systems')).toEqual([]);
  });

  it('splits a run at the words of the vocabulary, and leaves out a run longer than a place', () => {
    // Vocabulary words (titles, skills, tools) split it: "figma" is a tool, not a place.
    expect(places('figma designer lisbon')).toEqual(['lisbon']);
    expect(places('motion designer who knows figma')).toEqual([]);
    expect(places('designer alpha beta gamma delta')).toEqual([]);
  });

  it('reads a place in a request of one content word as that word alone, with no bonus', () => {
    expect(places('berlin')).toEqual([]);
    expect(places('the berlin')).toEqual([]);
  });
});

describe('anchorWords', () => {
  const anchors = (q: string) => {
    const query = understandQuery(q);
    return anchorWords(query)?.map((i) => query.words[i]);
  };

  it('are the English words of a request that names nothing of the field, but its places and employers', () => {
    expect(anchors('pastry chef in paris')).toEqual(['pastry', 'chef']);
    expect(anchors('pastry chef paris')).toEqual(['pastry', 'chef']);
    expect(anchors('pastry chef in new york')).toEqual(['pastry', 'chef']);
    expect(anchors('pastry chef at stripe')).toEqual(['pastry', 'chef']);
    // Words that are no English word may be misspelled: none is an anchor.
    expect(anchors('pastry chef kwuame')).toEqual(['pastry', 'chef']);
    expect(anchors('motoin desginer brelin')).toBeUndefined();
  });

  it('are none in a request that names a title, skill, tool or domain: its typos rank as they do', () => {
    expect(anchors('a product designer who can start next month')).toBeUndefined();
    expect(anchors('motion desginer fintech')).toBeUndefined();
    expect(anchors('infographics specialist in berlin')).toBeUndefined();
  });

  it('are none when every word must match', () => {
    expect(anchors('chef paris')).toBeUndefined();
    expect(anchors('liam dvoark')).toBeUndefined();
  });
});

describe('qualifiedRoles', () => {
  const pairs = (q: string) => qualifiedRoles(understandQuery(q)).map(({ word, headStem }) => `${word} ${headStem}`);

  it('are the roles of other trades named with an English word beside a head noun: one role must hold both', () => {
    expect(pairs('product manager at stripe')).toEqual(['product manag']);
    expect(pairs('former product managers')).toEqual(['product manag']);
    expect(pairs('civil engineer in tokyo')).toEqual(['civil engin']);
    expect(pairs('head chef copenhagen')).toEqual(['chef head']);
    // Part of a phrase of the rules is none of its own: "program manager" of "design program manager".
    expect(pairs('program manager at google')).toEqual(['program manag']);
    // The word may be an employer's name, held there: "apple engineer".
    expect(qualifiedRoles(understandQuery('apple engineers'))).toEqual([{ word: 'apple', wordStem: 'appl', headStem: 'engin' }]);
  });

  it('are none where the field\'s vocabulary reads the role: a pair it holds, a word it knows alone, a head of the field', () => {
    // Phrases of the rules (one whose stems its other phrase shares too: "content strategist"), or typed within a longer one.
    for (const q of ['design engineer in tokyo', 'motion lead', 'content strategist', 'creative lead', 'design program manager', 'front end developer']) expect(pairs(q), q).toEqual([]);
    // Words the rules know on their own qualify the role as they read it.
    expect(pairs('brand manager')).toEqual([]);
    expect(pairs('ux manager')).toEqual([]);
    // The field's own heads: the word beside them is a speciality a profile states anywhere (nameOnlyWords).
    expect(pairs('acne designer')).toEqual([]);
    expect(pairs('medical illustrator')).toEqual([]);
    expect(pairs('pixel artists')).toEqual([]);
  });

  it('are none for a word that is no English one, which may be a typo with its allowance', () => {
    expect(pairs('desgin engineer')).toEqual([]);
    expect(pairs('globex engineer')).toEqual([]);
  });
});

describe('namedRoles', () => {
  const named = (q: string) => namedRoles(understandQuery(q), conceptSpans(q));
  const phrases = (q: string) => named(q).map(({ phrases: held }) => held.map((phrase) => phrase.join(' ')));

  it('a word of another language meaning such a role is one, beside a seniority too; a one-word role is not', () => {
    for (const q of ['senior Grafikdesignerin in Berlin', 'Grafikdesigner', 'graphiste senior à Paris']) {
      expect([q, phrases(q)[0]]).toEqual([q, expect.arrayContaining(['graphic design'])]);
    }
    expect(phrases('Senior Produktdesigner in Berlin')[0]).toContain('product design');
    expect(named('senior illustrator in berlin')).toEqual([]);
    expect(named('Illustratorin in Berlin')).toEqual([]);
  });

  it('a role of two words or more the vocabulary knows is held as one of its phrases, typed or by a synonym', () => {
    const [interior] = named('interior designer in berlin');
    expect(interior!.phrases).toContainEqual(['interior', 'design']);
    expect(interior!.phrases).toContainEqual(['interior', 'architect']);
    // A designer's name may hold the request's other words instead, but not its place: a name starting with
    // "Berlin" is no interior designer.
    expect(interior!.others).toEqual([]);
    expect(named('jane doe interior designer in berlin')[0]!.others).toEqual([0, 1]);
    expect(named('interior designer at acme studio')[0]!.others).toEqual([]);
    expect(phrases('graphic designer milan')[0]).toEqual(expect.arrayContaining(['graphic design', 'visual design', 'commun design']));
    // In another language too: the phrase is a role by what its rules find, and held as typed.
    expect(phrases('progettista grafico a Milano')[0]).toEqual(expect.arrayContaining(['graphic design', 'progettista grafico']));
    // The kind of work a bio may name beside a title of the trade, where the vocabulary knows it as a phrase.
    expect(phrases("children's book illustrator")[0]).toEqual(expect.arrayContaining(['children book', 'pictur book']));
    expect(phrases('furniture designer')[0]).toContain('furnitur');
    expect(phrases('service designer in london')[0]).not.toContain('servic');
    expect(phrases('art director')[0]).toEqual(expect.arrayContaining(['art director', 'creativ director']));
  });

  it('a rival reading of the role\'s words is held too: "game design lead" is a Design Lead or a Lead Game Designer', () => {
    expect(phrases('game design lead')[0]).toEqual(expect.arrayContaining(['design lead', 'game design']));
    expect(phrases('riot games design lead')[0]).toEqual(expect.arrayContaining(['design lead', 'game design']));
    expect(phrases('creative director design lab')[0]).not.toContain('design director');
  });

  it('a phrase of two words after a word that may start an employer\'s name is also the head at that employer', () => {
    expect(named('riot games designers in tokyo')[0]!.employer).toEqual({ words: ['riot', 'games'], headStem: 'design' });
    expect(named('epic games artists')[0]!.employer).toEqual({ words: ['epic', 'games'], headStem: 'artist' });
    // Not after a word of the field ("senior"), nor with nothing before it.
    expect(named('senior graphic designers')[0]!.employer).toBeUndefined();
    expect(named('graphic designer milan')[0]!.employer).toBeUndefined();
  });

  it('the discipline before the head noun counts, when the vocabulary knows it as a phrase of two words or more', () => {
    expect(phrases('motion graphics designer')[0]).toEqual(expect.arrayContaining(['motion graphic', 'mograph', 'motion design']));
    // A phrase holding another asks nothing more: "motion graphic design" holds "motion graphic".
    expect(phrases('motion graphics designer')[0]).not.toContain('motion graphic design');
    expect(phrases('app designer')[0]).toContain('product design');
    expect(phrases('app designer')[0]).not.toContain('digit product design');
    expect(phrases('data visualization designer')[0]).toEqual(expect.arrayContaining(['data visualiz', 'infograph']));
    // One word before the head is no discipline of its own: "product" alone would hold every bio saying it.
    expect(phrases('senior product designer in berlin').flat()).not.toContain('product');
    // Each phrase once.
    for (const held of [...phrases('motion graphics designer'), ...phrases('data visualization designer')]) expect(new Set(held).size).toBe(held.length);
  });

  it('names no role for a craft typed beside a role typed with its head noun: it is what the role does', () => {
    const named = (q: string) => namedRoles(understandQuery(q), conceptSpans(q));
    expect(named('an illustrator who does editorial illustrations')).toEqual([]);
    // The role named is "ux researchers" alone.
    expect(named('ux researchers with user research experience')).toHaveLength(1);
    // Alone, or beside no head noun, it is the role ("editorial illustrator" by its stems).
    expect(named('editorial illustrations').length).toBe(1);
    expect(named('editorial illustrator for a magazine').length).toBe(1);
  });

  it('names no role for one word, a phrase that is no role, or a phrase inside a place, an employer or an "or" list', () => {
    expect(named('illustrator in berlin')).toEqual([]);
    expect(named('kwame lead')).toEqual([]);
    expect(named('design systems')).toEqual([]);
    expect(named('ux or ui designer')).toEqual([]);
    expect(named('art or creative director')).toEqual([]);
    expect(named('designers at creative director studio')).toEqual([]);
    expect(named('brand designers')).toHaveLength(1);
  });
});

describe('SynonymSet.knowsPhrase', () => {
  it('holds the phrases of the rules, by their stems, glue left out, those that find no other included', () => {
    expect(CURATED_SYNONYM_SET.knowsPhrase(['design', 'program', 'managers'])).toBe(true);
    expect(CURATED_SYNONYM_SET.knowsPhrase(['head', 'design'])).toBe(true);
    expect(CURATED_SYNONYM_SET.knowsPhrase(['content', 'strategists'])).toBe(true);
    expect(CURATED_SYNONYM_SET.knowsPhrase(['program', 'manager'])).toBe(false);
    expect(CURATED_SYNONYM_SET.knowsPhrase(['product', 'manager'])).toBe(false);
    // A stored rule adds its phrases.
    expect(CURATED_SYNONYM_SET.with([synonymRuleSchema.parse('product manager, pm')]).knowsPhrase(['product', 'manager'])).toBe(true);
  });
});

describe('nameOnlyWords', () => {
  const held = (q: string) => {
    const query = understandQuery(q);
    const { anywhere, naming } = nameOnlyWords(query);
    return { anywhere: anywhere.map((i) => query.words[i]), naming: naming.map((i) => query.words[i]) };
  };

  it('holds a name of two words or more in the fields that name things, and one word anywhere', () => {
    expect(held('Blue Bottle Coffee designers')).toEqual({ anywhere: [], naming: ['blue', 'bottle', 'coffee'] });
    expect(held('brand designer Kowalczyk')).toEqual({ anywhere: ['kowalczyk'], naming: [] });
    // A tool the list does not know, named in a bio, is one word: held anywhere.
    expect(held('3d artist who knows Gaffer')).toEqual({ anywhere: ['gaffer'], naming: [] });
  });

  it('leaves out words of the vocabulary, which split a name', () => {
    expect(held('motion designer who knows Figma')).toEqual({ anywhere: [], naming: [] });
    expect(held('designers Blue Brand Coffee')).toEqual({ anywhere: ['blue', 'coffee'], naming: [] });
    expect(held('product designer with Big Tech experience')).toEqual({ anywhere: [], naming: [] });
  });

  it('leaves out one word opening a sentence, not a longer name there or a word after a vocabulary word', () => {
    expect(held('Talented brand designer')).toEqual({ anywhere: [], naming: [] });
    expect(held('Kowalczyk brand designer and more')).toEqual({ anywhere: [], naming: [] });
    expect(held('Deutsche Bahn motion designer')).toEqual({ anywhere: [], naming: ['deutsche', 'bahn'] });
    expect(held('Senior Kowalczyk designers and more')).toEqual({ anywhere: ['kowalczyk'], naming: [] });
  });

  it('holds a first word before the role the rest names when only a name can be that word, however it is written', () => {
    for (const q of ['airbnb design lead', 'Airbnb design lead', 'deliveroo product designer in london', 'Kowalczyk brand designer', 'duolngo product designers, ex google', 'klarna illustrator']) {
      expect([q, held(q)]).toEqual([q, { anywhere: [], naming: [q.split(' ')[0]!.toLowerCase()] }]);
    }
  });

  it('leaves a first word to the other rules when it may be a word, a slip of one, or says what the role is', () => {
    // English words, the vocabulary's, one edit from those or from filler after the first letter ("senoir",
    // "experianced", "talanted"), places, short words.
    for (const q of ['tesla product designer', 'figma product designer', 'senoir product designer', 'experianced product designer', 'talanted illustrator', 'berlin product designer', 'ibm product designer', 'wfh product designer']) {
      expect([q, held(q).naming]).toEqual([q, q.startsWith('berlin') ? ['berlin'] : []]);
    }
    // The rest must name a role, in words of the vocabulary only; the last word is left to other languages.
    for (const q of ['airbnb figma', 'airbnb product designer who ships fast', 'product designer airbnb', 'ilustradora infantil', 'airbnb']) {
      expect([q, held(q).naming]).toEqual([q, []]);
    }
    // Praise and engagement in the other languages are read, not held as names.
    for (const q of ['erfahrene UX Designerin', 'freiberufliche Grafikdesignerin', 'talentueuse illustratrice']) expect([q, held(q)]).toEqual([q, { anywhere: [], naming: [] }]);
  });

  it('holds a place of the world typed without a marker in the fields that name things, however it is written', () => {
    for (const q of ['brand designers ulaanbaatar', 'brand designer Ulaanbaatar', 'Ulaanbaatar brand designer', 'illustrator wellington']) {
      expect(held(q).naming).toEqual([q.toLowerCase().includes('ulaanbaatar') ? 'ulaanbaatar' : 'wellington']);
      expect(held(q).anywhere).toEqual([]);
    }
    expect(held('product designer new york')).toEqual({ anywhere: [], naming: ['new', 'york'] });
    expect(held('designer sao paulo')).toEqual({ anywhere: [], naming: ['sao', 'paulo'] });
    expect(held('product designer spotify stockholm')).toEqual({ anywhere: [], naming: ['stockholm'] });
    expect(held('art director scandinavia')).toEqual({ anywhere: [], naming: ['scandinavia'] });
    expect(held('Markendesignerin Frankfurt')).toEqual({ anywhere: [], naming: ['frankfurt'] });
    // After a word that also introduces a role or an employer.
    expect(held('illustratrice à Lyon')).toEqual({ anywhere: [], naming: ['lyon'] });
  });

  it('reads no place in an employer, a code, a word of the vocabulary, a city named like a word, or a place a marker introduces', () => {
    for (const q of ['lead designer canva', 'ux designer uk', 'designers la', 'designer who loves reading', 'nice brand designer', 'brand designer in Ulaanbaatar', 'a brand designer']) {
      expect(held(q)).toEqual({ anywhere: [], naming: [] });
    }
  });

  it('holds a word that says what kind of role is asked, where no phrase of the vocabulary covers it, anywhere', () => {
    expect(held('civil engineer in munich')).toEqual({ anywhere: ['civil'], naming: [] });
    expect(held('a civil engineer in munich')).toEqual({ anywhere: ['civil'], naming: [] });
    expect(held('marketing manager at spotify')).toEqual({ anywhere: ['marketing'], naming: [] });
    expect(held('head chef copenhagen')).toEqual({ anywhere: ['chef'], naming: ['copenhagen'] });
    expect(held('blue bottle coffee designers')).toEqual({ anywhere: ['coffee'], naming: [] });
    // An English word is typed as meant: held without a typo ("chef" is no typo of Chen); another may be a name.
    const asTyped = (q: string) => {
      const query = understandQuery(q);
      return nameOnlyWords(query).asTyped.map((i) => query.words[i]);
    };
    expect(asTyped('head chef copenhagen')).toEqual(['chef']);
    expect(asTyped('kowalczyk illustrator')).toEqual([]);
    // A phrase of the vocabulary, a place, an employer and praise are read by their own rules.
    for (const q of ['senior motion designer', 'interaction designer', 'freelance illustrator', 'berlin illustrator', 'lead designer canva', 'talented illustrator', 'head of growth']) {
      expect([q, held(q)]).toEqual([q, { anywhere: [], naming: q === 'berlin illustrator' ? ['berlin'] : [] }]);
    }
  });

  it('holds no place of an "or" list as a name: the list holds its places', () => {
    for (const q of ['art director in berlin or london', 'art director based in stockholm or copenhagen']) expect([q, held(q)]).toEqual([q, { anywhere: [], naming: [] }]);
  });

  it('holds a name typed in lower case in the fields that name things: words side by side, none an English word', () => {
    expect(held('ingrid thorvaldsdottir product designer')).toEqual({ anywhere: [], naming: ['ingrid', 'thorvaldsdottir'] });
    expect(held('deutsche bahn motion designer')).toEqual({ anywhere: [], naming: ['deutsche', 'bahn'] });
    expect(held('jonh smtih')).toEqual({ anywhere: [], naming: ['jonh', 'smtih'] });
    // A run with an English word, one word alone, words with digits, and words of the vocabulary are no name.
    for (const q of ['detail oriented product designer', 'illustrator globex aerospace', 'ux designer uber eats', 'lead designer canva', 'product designer nyc b2b']) {
      expect([q, held(q)]).toEqual([q, { anywhere: [], naming: [] }]);
    }
    // The word right before a role's head is held anywhere (roleQualifierWords), a name or not; where it opens
    // the request and can only be a name, in the fields that name things (leadingNameWord).
    expect(held('pineapple express designers')).toEqual({ anywhere: ['express'], naming: [] });
    expect(held('senior kowalczyk illustrator')).toEqual({ anywhere: ['kowalczyk'], naming: [] });
    expect(held('kowalczyk illustrator')).toEqual({ anywhere: [], naming: ['kowalczyk'] });
  });

  it('counts the rules curators add: a word they give synonyms is vocabulary', () => {
    const synonyms = CURATED_SYNONYM_SET.with([synonymRuleSchema.parse('gaffer, lookdev')]);
    const query = understandQuery('3d artist who knows Gaffer');
    expect(nameOnlyWords(query, synonyms)).toEqual({ anywhere: [], asTyped: [], naming: [], places: [] });
  });

  it('marks the words of a place of the world among them, and no other name', () => {
    const places = (q: string) => {
      const query = understandQuery(q);
      return nameOnlyWords(query).places.map((i) => query.words[i]);
    };
    expect(places('Kyoto brand designers')).toEqual(['kyoto']);
    expect(places('brand designers kyoto')).toEqual(['kyoto']);
    expect(places('product designer new york')).toEqual(['new', 'york']);
    expect(places('product designer spotify stockholm')).toEqual(['stockholm']);
    expect(places('Blue Bottle Coffee designers')).toEqual([]);
    expect(places('ingrid thorvaldsdottir product designer')).toEqual([]);
    // After "in", a required place, held in the place fields already.
    expect(places('brand designer in Kyoto')).toEqual([]);
  });
});

describe('wholePlaceWords and togetherWords', () => {
  const whole = (q: string) => {
    const query = understandQuery(q);
    return wholePlaceWords(query, conceptSpans(q)).map((i) => query.words[i]);
  };

  it('reads a place of the world typed alone between words of the vocabulary, wherever it stands', () => {
    expect(whole('motion designer berlin')).toEqual(['berlin']);
    expect(whole('Berlin motion designers')).toEqual(['berlin']);
    expect(whole('Markendesignerin Frankfurt')).toEqual(['frankfurt']);
    expect(whole('product designer new york')).toEqual(['new', 'york']);
    expect(whole('designer berlin')).toEqual(['berlin']);
    expect(whole('ux designer berlin fintech')).toEqual(['berlin']);
  });

  it('reads no place in a run that names more than the place, nor in a place a marker introduces, an employer or a name', () => {
    for (const q of ['lead designer new york times', 'motion designer in berlin', 'motion designer at Berlin Design Studio', 'lead designer canva', 'austin chen', 'nice brand designer']) {
      expect([q, whole(q)]).toEqual([q, []]);
    }
  });

  it('asks every word of the best-weighted fields and the words but the place of the others', () => {
    const query = understandQuery('motion designer berlin');
    expect(togetherWords(query, wholePlaceWords(query, conceptSpans('motion designer berlin')))).toEqual({ best: ['motion', 'designer', 'berlin'], other: ['motion', 'designer'] });
    const times = understandQuery('lead designer new york times');
    expect(togetherWords(times, wholePlaceWords(times, conceptSpans('lead designer new york times'))).other).toEqual(times.words);
  });
});

describe('askedRole', () => {
  const asked = (q: string) => {
    const role = askedRole(understandQuery(q), conceptSpans(q));
    return role && { concept: role.concept.typed.join(' '), employers: role.employers.map((words) => words.join(' ')) };
  };

  it('is a word of another language that means a role, before a seniority typed first', () => {
    expect(asked('Senior-Grafikdesigner in Lisbon')).toEqual({ concept: 'graphic design', employers: [] });
    expect(asked('graphiste senior à Barcelona')).toEqual({ concept: 'graphic design', employers: [] });
    expect(asked('senior Kreativdirektorin in Stockholm')).toEqual({ concept: 'creativ director', employers: [] });
  });

  it('is the first concept named beside a place, an employer or past employers, with the employers', () => {
    expect(asked('an motion graphics designer in scandinavia who has worked at lego or duolingo')).toEqual({ concept: 'motion graphic design', employers: ['lego', 'duolingo'] });
    expect(asked('ux ui designers based in germany, ex google deepmind or meta')).toEqual({ concept: 'ux ui design', employers: ['google deepmind', 'meta'] });
    expect(asked('a spatial designer who worked at google cloud')).toEqual({ concept: 'spatial design', employers: ['google cloud'] });
    // A place after "in", of the world without a marker, after "from".
    expect(asked('illustrator in wellington')).toEqual({ concept: 'illustr', employers: [] });
    expect(asked('illustrator wellington')).toEqual({ concept: 'illustr', employers: [] });
    // An "or" list of places introduced as one, as one place.
    expect(asked('graphic designer in barcelona or lisbon')).toEqual({ concept: 'graphic design', employers: [] });
    // "previously at google" names Google as an employer and as a past role: once.
    expect(asked('need a brand designer based in london previously at google')).toEqual({ concept: 'brand design', employers: ['google'] });
  });

  it('is a role rather than what qualifies it: the concept naming a role of most words, else the first', () => {
    expect(asked('senior product designer in berlin')?.concept).toBe('product design');
    expect(asked('lead ux designer at spotify')?.concept).toBe('ux design');
    expect(asked('junior illustrator in london')?.concept).toBe('illustr');
    expect(asked('freelance motion designer in paris')?.concept).toBe('motion design');
    expect(asked('an art director in Scandinavia who has worked at IKEA or H&M and now leads a team')?.concept).toBe('art director');
    // Nothing names a role but the seniority: it is what is asked.
    expect(asked('senior designer in berlin')?.concept).toBe('senior');
  });

  it('is null without a constraint beside the role, for a domain after "in", and for a role asked in the past or in an "or" list', () => {
    for (const q of ['lead designer canva', 'a brand designer', 'art director', 'someone with art direction experience in fashion', 'ex globex or hooli product designer', 'ux or ui designer in berlin']) {
      expect([q, asked(q)]).toEqual([q, null]);
    }
  });
});

describe('roleUnits', () => {
  const units = (q: string) => roleUnits(understandQuery(q).words, conceptSpans(q)).map((u) => ('concept' in u ? `[${u.words.join(' ')}]` : u.word));

  it('counts a concept the query names as one unit of its telling words, every other telling word on its own', () => {
    expect(units('motion graphics designer in berlin who worked at lego')).toEqual(['[motion graphics]', 'berlin', 'lego']);
    expect(units('head of design miro')).toEqual(['[head design]', '[miro]']);
    // "designer" is said by every role: a concept of it and one telling word stands for that word.
    expect(units('lead designer canva')).toEqual(['[lead]', 'canva']);
    // No concept: the telling words, as the best-role bonus counted them before.
    expect(units('senor product desi')).toEqual(['senor', 'product', 'desi']);
  });

  it('stands for as many words as the unit holds', () => {
    const [concept, word] = roleUnits(understandQuery('art director lego').words, conceptSpans('art director lego'));
    expect([unitWords(concept!), unitWords(word!)]).toEqual([2, 1]);
  });

  it('holds a concept of two telling words or more in a title only, a unit of one word in the company as well', () => {
    const held = (q: string) => roleUnits(understandQuery(q).words, conceptSpans(q)).map(heldInTitle);
    expect(held('design researcher')).toEqual([true]);
    expect(held('art director lego')).toEqual([true, false]);
    // One telling word ("lead") may be what a company is called, and "miro" is no concept.
    expect(held('lead designer canva')).toEqual([false, false]);
    expect(held('head of design miro')).toEqual([true, false]);
  });

  it('covers each telling word once, whatever the query', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('art', 'director', 'motion', 'graphics', 'designer', 'lego', 'ux', 'head', 'of', 'design', 'in', 'berlin', 'ex'), { maxLength: 8 }), (tokens) => {
        const q = tokens.join(' ');
        const { words } = understandQuery(q);
        const covered = roleUnits(words, conceptSpans(q)).flatMap((u) => ('concept' in u ? u.words : [u.word]));
        expect(covered.sort()).toEqual(words.filter((w) => w !== 'designer' && w !== 'designers').sort());
      }),
    );
  });
});

describe('heldRole', () => {
  const held = (q: string) => heldRole(understandQuery(q), conceptSpans(q))?.typed.join(' ') ?? null;

  it('is the role a request names beside words that qualify it, the concept naming a role of most words', () => {
    expect(held("an illustrator who does children's books")).toBe('illustr');
    expect(held('a UX researcher comfortable running diary studies')).toBe('ux research');
    expect(held('senior product designer who has shipped mobile apps at scale')).toBe('product design');
    // One word of another language meaning a role names it as its English words do.
    expect(held('a Grafikdesignerin who has shipped mobile apps at scale')).toBe('graphic design');
    expect(held('design manager who has grown teams from 5 to 20')).toBe('design manag');
    // A seniority qualifies the role: a Creative Director holds "senior art director" by a synonym alone.
    expect(held('senior art director')).toBe('art director');
    // Beside a place or an employer the request requires, which its holders must still meet.
    expect(held('a motion designer in berlin who can start next month')).toBe('motion design');
    // A generalist is a role's head as a designer is: the 3D Generalists answer what no profile says.
    expect(held('a 3d generalist who thrives in small scrappy teams')).toBe('3d generalist');
  });

  it('is null without words beside the role and its constraints, for a past role, a role every title says, an "or" list, or a word that may be a name', () => {
    for (const q of ['illustrator', 'motion designer in berlin', 'former google design directors who can start now', 'designers who can start next month', 'ux or ui designer who can start next month', 'zzqx illustrator fintech', 'illustrator ingrid thorvaldsdottir']) {
      expect([q, held(q)]).toEqual([q, null]);
    }
  });
});

describe('heldCraft', () => {
  const held = (q: string) => heldCraft(understandQuery(q), conceptSpans(q))?.typed.join(' ') ?? null;

  it('is the craft, skill, tool or domain a request names first beside the words of a task, where it names no role', () => {
    expect(held('someone who storyboarded commercials')).toBe('storyboard');
    expect(held('need a logo for my coffee shop')).toBe('logo');
    // The work asked for, which what follows qualifies.
    expect(held('someone to run user interviews for our healthcare product')).toBe('user interview');
    expect(held('someone to redesign our mobile banking app')).toBe('bank');
    // "designer", which every title says, names no role.
    expect(held('we need a designer to build our design system from scratch')).toBe('design system');
  });

  it('is null beside a role, for a past role, without task words, beside a word that may be a name, or a trade the craft qualifies', () => {
    for (const q of ['storyboarding commercials', 'acne studio in san francisco', 'an illustrator who storyboards commercials', 'kite designers who storyboard commercials', 'a fully remote vp of design', 'remote work for our new app', 'storyboarding', 'former storyboard artists at pixar', 'storyboarding zzqx', 'insurance claims adjuster', 'a storyboard supervisor for our team', 'real estate agent in berlin']) {
      expect([q, held(q)]).toEqual([q, null]);
    }
  });
});

describe('knownTitleForms', () => {
  const forms = (q: string) => Object.fromEntries(knownTitleForms(conceptSpans(q)));

  it('holds a concept of one word by its stem and by its one-word synonyms: "sr" by "senior"', () => {
    expect(forms('sr product designer')).toMatchObject({ sr: ['sr', 'senior', 'snr'] });
    expect(forms('senior type designer')).toMatchObject({ senior: ['senior', 'sr', 'snr'] });
  });

  it('holds the words of a longer concept by their own stems only, and knows no word without a synonym rule', () => {
    expect(forms('art director')).toEqual({ art: ['art'], director: ['director'] });
    expect(forms('zboncak')).toEqual({});
  });

  it('knows exactly the words knownWords knows', () => {
    for (const q of ['sr product designer', 'art director in berlin', 'ux or ui designer', 'jr motion designer ex lego', 'zboncak studio']) {
      const spans = conceptSpans(q);
      expect([q, [...knownTitleForms(spans).keys()].sort()]).toEqual([q, [...knownWords(spans)].sort()]);
    }
  });
});

describe('toolWords', () => {
  const tools = (q: string) => toolWords(understandQuery(q)).map((i) => understandQuery(q).words[i]);

  it('are the words naming a tool, where the request asks for no employer', () => {
    expect(tools('who knows figma')).toEqual(['figma']);
    // One word that names a tool: a tool of several words ("after effects") names no company.
    expect(tools('motion designer, blender and after effects')).toEqual(['blender']);
    expect(tools('product designer figma')).toEqual(['figma']);
  });

  it('leave out an employer the request names, now, in an "or" list or before', () => {
    for (const q of ['designers at figma', 'worked at framer or webflow', 'ex figma designers', 'former miro designers']) expect([q, tools(q)]).toEqual([q, []]);
  });

  it('leave out the words a rule maps a tool to, and words that are no tool', () => {
    expect(tools('illustrator')).toEqual([]);
    expect(tools('brand designer in berlin')).toEqual([]);
  });
});

describe('wordsOfNoEmployer', () => {
  const words = (q: string) => {
    const query = understandQuery(q);
    return wordsOfNoEmployer(query, conceptSpans(q)).map((i) => query.words[i]);
  };

  it('are the tools and the words of a skill or domain named by a phrase that is no role', () => {
    expect(words('product designers who know design systems')).toEqual(['design', 'systems']);
    expect(words('ux designer, developer tools and figma')).toEqual(['developer', 'tools', 'figma']);
    expect(words('ux designer in climate tech')).toEqual(['climate', 'tech']);
  });

  it('are the English words of a task beside the craft it asks, which name no employer', () => {
    expect(words('someone to storyboard our new app')).toEqual(['new', 'app']);
    // Beside a role they may name one ("motion designer apple"), as a word typed without "at" does.
    expect(words('motion designer for our new app')).toEqual([]);
  });

  it('leave out the words of a role, and an employer the request names, now, in an "or" list or before', () => {
    expect(words('motion designer in berlin')).toEqual([]);
    expect(words('designers at figma')).toEqual([]);
    expect(words('map designer at porter design')).toEqual([]);
  });
});

describe('currentRoleWords', () => {
  const held = (q: string) => {
    const query = understandQuery(q);
    return currentRoleWords(query, conceptSpans(q)).map((i) => query.words[i]);
  };

  it('gives the current role the words a request for past roles says of now, one by one', () => {
    expect(held('designers at klarna, ex spotify')).toEqual(['klarna']);
    expect(held('ex spotify designers now at klarna')).toEqual(['klarna']);
    expect(held('former google design directors')).toEqual([]);
  });

  it('leaves a concept of two words or more to count as a whole', () => {
    // "ux" alone would make a UX Researcher hold "ux ui designers".
    expect(held('ux ui designers based in germany, ex wolff olins')).toEqual([]);
    expect(held('motion designers at buck, ex nike')).toEqual(['buck']);
  });
});

describe('unitsOfNow', () => {
  it('keeps the units a request for past roles says of now, a concept whole', () => {
    const q = 'design technologists currently at framer who used to be at shopify';
    const query = understandQuery(q);
    const units = unitsOfNow(roleUnits(query.words, conceptSpans(q)), query.nowWords);
    expect(units.map((unit) => ('concept' in unit ? unit.words.join(' ') : unit.word))).toEqual(['design technologists', 'framer']);
    expect(unitsOfNow(roleUnits(query.words, conceptSpans(q)), [])).toEqual([]);
  });
});

/** The words a reader of a request and its concepts gives, as typed. */
const wordsBy = (read: (query: ReturnType<typeof understandQuery>, concepts: ReturnType<typeof conceptSpans>) => number[]) => (q: string) => {
  const query = understandQuery(q);
  return read(query, conceptSpans(q)).map((i) => query.words[i]);
};

describe('wordsOfNoRole', () => {
  it('leaves the tools a request says the designer uses and the places typed alone out of the role bonuses', () => {
    const none = wordsBy(wordsOfNoRole);
    expect(none('3d artist who uses blender')).toEqual(['blender']);
    expect(none('interaction designer with figma in berlin')).toEqual(['figma']);
    expect(none('motion designer berlin')).toEqual(['berlin']);
    // Typed bare, or as an employer, a tool may be where the role is.
    expect(none('interaction designer figma')).toEqual([]);
    expect(none('interaction designer at figma')).toEqual([]);
  });
});

describe('spelledWords', () => {
  it('holds the known words and a required place that is a place\'s name, not a misspelt one', () => {
    const spelled = (q: string) => [...spelledWords(understandQuery(q), conceptSpans(q))].sort();
    expect(spelled('ux designer in portland')).toEqual(['designer', 'portland', 'ux']);
    expect(spelled('ux designer in berln')).toEqual(['designer', 'ux']);
    expect(spelled('illustrators in lisbon or portland')).toEqual(['illustrators', 'lisbon', 'portland']);
  });
});

describe('roleWordsOf', () => {
  it('gives the words of the roles a request names, not of its other concepts', () => {
    const roles = wordsBy(roleWordsOf);
    expect(roles('interaction designer with accessibility')).toEqual(['interaction', 'designer']);
    expect(roles('art director in berlin')).toEqual(['art', 'director']);
    expect(roles('accessibility')).toEqual([]);
    // A domain whose first word is a head noun names no role, nor does one word ("illustration") by itself.
    expect(roles('illustration developer tools')).toEqual([]);
  });

  it('gives a word of the vocabulary typed right before a head noun, with the head', () => {
    const roles = wordsBy(roleWordsOf);
    expect(roles('junior designers')).toEqual(['junior', 'designers']);
    expect(roles('senior illustrators in lisbon')).toEqual(['senior', 'illustrators']);
    // A word no rule knows may be what a bio says the designer is ("a wedding designer"): asked there still.
    expect(roles('wedding designers')).toEqual([]);
  });
});

describe('unitsOfPast', () => {
  it('keeps the units a request for past roles says nothing of now about, a concept whole', () => {
    const names = (q: string) => {
      const query = understandQuery(q);
      return unitsOfPast(roleUnits(query.words, conceptSpans(q)), query.nowWords).map((unit) => ('concept' in unit ? unit.words.join(' ') : unit.word));
    };
    expect(names('ex-nike folks who are now design directors')).toEqual(['nike']);
    expect(names('design technologists currently at framer who used to be at shopify')).toEqual(['shopify']);
    // Said of the past, the role is a previous one.
    expect(names('ex nike design directors')).toEqual(['nike', 'design directors']);
  });
});

describe('conceptSpans of a request for past roles', () => {
  it('reads a concept as past after the word asking for past roles, up to a word saying what holds now', () => {
    const past = (q: string) => conceptSpans(q).map((span) => [span.covers.join(' '), span.past]);
    expect(past('ex nike design directors')).toEqual([['design directors', true]]);
    expect(past('design directors, ex nike')).toEqual([['design directors', false]]);
    expect(past('ex-nike folks who are now design directors')).toEqual([['design directors', false]]);
    expect(past('ex nike designers currently design directors')).toEqual([['design directors', false]]);
  });
});

describe('an "or" list of places', () => {
  it('names each place, and its words are where the designer is, no words of a role', () => {
    const query = understandQuery('brand designer berlin or remote');
    expect(namedPlaces(query)).toEqual([['remote'], ['berlin']]);
    expect(wholePlaceWords(query, conceptSpans('brand designer berlin or remote')).map((i) => query.words[i]).sort()).toEqual(['berlin', 'remote']);
    // A list of employers stays words of the roles.
    const employers = understandQuery('brand designer at stripe or adobe');
    expect(wholePlaceWords(employers, conceptSpans('brand designer at stripe or adobe'))).toEqual([]);
    expect(namedPlaces(employers)).toEqual([]);
  });
});

describe('exactEmployers', () => {
  const groups = (q: string) => exactEmployers(understandQuery(q));

  it('reads each name after "at", each "or" list and the past alternatives as a constraint', () => {
    expect(groups('head of design at google')).toEqual([{ alternatives: [{ naming: ['google'], written: ['google'] }], past: false }]);
    expect(groups('product designers at the new york times')).toEqual([{ alternatives: [{ naming: ['new', 'york', 'times'], written: ['new', 'york', 'times'] }], past: false }]);
    expect(groups('illustrators who worked at wolff olins or monzo')).toEqual([
      { alternatives: [{ naming: ['wolff', 'olins'], written: ['wolff', 'olins'] }, { naming: ['monzo'], written: ['monzo'] }], past: false },
    ]);
    expect(groups('ux designers in berlin, ex miro or unity')).toEqual([{ alternatives: [{ naming: ['miro'], written: ['miro'] }, { naming: ['unity'], written: ['unity'] }], past: true }]);
  });

  it('names a past employer by its words outside the vocabulary: the title after it may be written, not required', () => {
    expect(groups('former Lego 3D artists')).toEqual([{ alternatives: [{ naming: ['lego'], written: ['lego', '3d', 'artists'] }], past: true }]);
  });

  it('asks nothing of a kind of employer, which names no company', () => {
    expect(groups('designers at fintech startups')).toEqual([]);
    expect(groups('product designers')).toEqual([]);
  });
});

describe('preferableEmployer', () => {
  const preferable = (q: string) => preferableEmployer(understandQuery(q), conceptSpans(q));

  it('is the one employer the designer worked at, beside a role and a place, by its naming words', () => {
    expect(preferable('Looking for a product designer in Berlin who previously worked at Canva')).toEqual(['canva']);
    expect(preferable('product designer in Berlin who worked at Spotify Studios')).toEqual(['spotify', 'studios']);
    expect(preferable('a motion designer in london, ex google')).toEqual(['google']);
    expect(preferable('brand designer in london, previously at google')).toEqual(['google']);
    expect(preferable('product designer in berlin with experience at spotify')).toEqual(['spotify']);
    expect(preferable('busco diseñador de producto en Madrid que haya trabajado en Glovo')).toEqual(['glovo']);
    expect(preferable('procuro designer de produto em Lisboa que trabalhou na Farfetch')).toEqual(['farfetch']);
    expect(preferable('ich suche eine Grafikdesignerin in Berlin, die bei Siemens gearbeitet hat')).toEqual(['siemens']);
    expect(preferable('wir suchen eine Produktdesignerin in Hamburg mit Erfahrung bei Zalando')).toEqual(['zalando']);
    // Any employer of a request for past roles, however it says so.
    expect(preferable('creative directors who used to be at Pentagram, now in New York')).toEqual(['pentagram']);
  });

  it('is none where a role is at the employer now, several are named, or no role or place is', () => {
    // Where the role is now.
    expect(preferable('product designer at canva in berlin')).toBeNull();
    expect(preferable('3d artists at volvo cars based in reykjavik')).toBeNull();
    // Several employers: an "or" list is a preference already; a second name beside it is asked for too.
    expect(preferable('ux designers in berlin, ex google or meta')).toBeNull();
    expect(preferable('product designer in Reykjavik who worked at Spotify and Nike and Lego')).toBeNull();
    // No place, no role.
    expect(preferable('a product designer who worked at canva')).toBeNull();
    expect(preferable('someone in berlin who worked at canva')).toBeNull();
  });

  it('reads the request with the employer an "or" list of one, or a past alternative alone', () => {
    const worked = understandQuery('product designers in berlin who worked at spotify studios');
    expect(withEmployerPreferred(worked)).toMatchObject({ employerWords: [], employerNames: [], employerLists: [[[3, 4]]] });
    const ex = understandQuery('a motion designer in london, ex google');
    expect(withEmployerPreferred(ex)).toMatchObject({ employerWords: [], employerNames: [], employerLists: [], pastAlternatives: [['google']] });
  });
});

describe('preferablePlace', () => {
  const preferable = (q: string) => preferablePlace(understandQuery(q), conceptSpans(q));

  it('is the one place beside a role and an employer the role is at now, by its words', () => {
    expect(preferable('3d artists at webflow based in nairobi')).toEqual(['nairobi']);
    expect(preferable('a packaging designer at Kestrel in Porto')).toEqual(['porto']);
  });

  it('is none beside an employer the designer worked at, without an employer or a role, or for several places', () => {
    expect(preferable('3d artists in nairobi who worked at webflow')).toBeNull();
    expect(preferable('ex webflow 3d artists in nairobi')).toBeNull();
    expect(preferable('3d artists in nairobi')).toBeNull();
    expect(preferable('someone at webflow in nairobi')).toBeNull();
    expect(preferable('3d artists at webflow in nairobi or lagos')).toBeNull();
    expect(preferable('3d artists at webflow and quixley in nairobi')).toBeNull();
  });
});

describe('employers named by a tool', () => {
  it('after "at" a tool is the company: a word every match holds as an employer', () => {
    const atFigma = understandQuery('designers at figma');
    expect(employerOnlyWords(atFigma)).toEqual([1]);
    expect(employerListsHeld(understandQuery('designers who worked at framer or lego'))).toEqual([[[1], [2]]]);
    // Without "at", and after a word of skill, the tool is what a designer uses.
    expect(employerOnlyWords(understandQuery('designers good at figma'))).toEqual([]);
    expect(toolWords(understandQuery('designers good at figma'))).toEqual([1]);
    expect(toolWords(atFigma)).toEqual([]);
  });
});
