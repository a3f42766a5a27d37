#!/usr/bin/env node
// Generates a large synthetic FRUIT evaluation set for the fruitbench
// benchmark: a gold file and a prediction file in the official FRUIT JSONL
// format (see README.md in this folder).
//
//   node tests/bench/make_bench_data.js --n 50000 --out-dir DIR [--seed 1]
//
// Writes DIR/gold.jsonl and DIR/pred.jsonl.
//
//   gold lines: {"id", "inputs", "targets", "normalized_inputs", "normalized_targets"}
//   pred lines: {"id", "normalized_targets"}, or {"id", "targets"} (EDIT5
//               output, about 10% of lines) which the scorer must normalize.
//
// Everything is made up here, from a small encyclopedic grammar of our own:
// no real data, no reference code. The output is deterministic and
// prefix-stable: every example draws from its own PRNG seeded by (seed,
// index), so the first K lines of an N-example file are exactly the K-example
// file. About 1% of the examples are long (150-400 source sentences, 1,400 to
// 4,700 ROUGE tokens): exactly one at a random position in every block of 100,
// so any prefix of a few hundred lines or more has its share of them.
//
// The normalized_* fields are produced by normalize() below, a transcription
// of the behaviour of FRUIT's rendering_utils.normalize (diff task, text
// delimiters) for the ASCII-whitespace text generated here; the benchmark's
// reference harness can check every line against the official function
// (tests/bench/reference_score.py --verify-gold).
'use strict';

const fs = require('fs');
const path = require('path');

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------

function parseArgs(argv) {
  const args = { n: 50000, outDir: null, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) die(`option ${a} needs a value`);
      return argv[++i];
    };
    if (a === '--n') args.n = toCount(value(), '--n');
    else if (a === '--out-dir') args.outDir = value();
    else if (a === '--seed') args.seed = toCount(value(), '--seed');
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: node make_bench_data.js --out-dir DIR [--n N (default 50000)] [--seed S (default 1)]\n');
      process.exit(0);
    } else die(`unknown argument ${a}`);
  }
  if (!args.outDir) die('--out-dir is required');
  if (args.n < 1) die('--n must be at least 1');
  return args;
}

function toCount(text, name) {
  if (!/^[0-9]{1,9}$/.test(text)) die(`${name} takes a whole number`);
  return Number(text);
}

function die(message) {
  process.stderr.write(`make_bench_data: ${message}\n`);
  process.exit(2);
}

// ---------------------------------------------------------------------------
// PRNG: splitmix32 to seed, sfc32 to draw. Our own, so the data does not
// depend on the Node version.
// ---------------------------------------------------------------------------

function splitmix32(state) {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

class Rng {
  constructor(...keys) {
    let h = 0x2545f491;
    for (const k of keys) h = splitmix32((h ^ Math.imul(k >>> 0, 0x9e3779b1)) >>> 0)();
    const sm = splitmix32(h);
    this.a = sm(); this.b = sm(); this.c = sm(); this.d = sm() | 1;
    for (let i = 0; i < 12; i++) this.u32();
  }
  u32() {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }
  float() { return this.u32() / 4294967296; }
  int(lo, hi) { return lo + Math.floor(this.float() * (hi - lo + 1)); }  // inclusive
  chance(p) { return this.float() < p; }
  pick(list) { return list[Math.floor(this.float() * list.length)]; }
  weighted(pairs) {  // [[weight, value], ...]
    let total = 0;
    for (const [w] of pairs) total += w;
    let x = this.float() * total;
    for (const [w, v] of pairs) { if ((x -= w) < 0) return v; }
    return pairs[pairs.length - 1][1];
  }
  shuffle(list) {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  }
}

// ---------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------

const FIRST_M = ['James', 'Henrik', 'Tomasz', 'Luca', 'Kenji', 'Olufemi', 'Mateo', 'Arjun', 'Pieter', 'Sean',
  'Dmitri', 'Rafael', 'Erik', 'Jonas', 'William', 'Hamid', 'Oskar', 'Ignacio', 'Thomas', 'Viktor', 'Samuel',
  'Lars', 'Andrés', 'Hiroshi', 'Callum', 'Benedikt', 'Émile', 'Marek', 'Kwame', 'Arthur'];
const FIRST_F = ['Margit', 'Ilse', 'Dana', 'Amara', 'Sofia', 'Yuki', 'Chiara', 'Ingrid', 'Priya', 'Helena',
  'Aoife', 'Marta', 'Leila', 'Astrid', 'Beatriz', 'Noor', 'Elena', 'Hannah', 'Zofia', 'Clara', 'Ruth',
  'Agnieszka', 'Mei', 'Rosalind', 'Solveig', 'Zainab', 'Camille', 'Greta', 'Nadia', 'Josephine'];
const SURNAME_HEAD = ['Fen', 'Mar', 'Hol', 'Ash', 'Vel', 'Kor', 'Brand', 'Stein', 'Wil', 'Dor', 'Gar', 'Lind',
  'Ok', 'Tan', 'Ross', 'Bel', 'Carr', 'Har', 'Kess', 'Mor', 'Pell', 'Quar', 'Sand', 'Thorn', 'Ul', 'Ven',
  'West', 'Yar', 'Zel', 'Ald', 'Bjorn', 'Cald', 'Esk', 'Frey', 'Grim', 'Ny', 'Ost', 'Rav'];
const SURNAME_TAIL = ['wick', 'wede', 'ton', 'berg', 'mann', 'ley', 'oro', 'ssen', 'stad', 'ford', 'ini', 'ez',
  'ström', 'ski', 'ova', 'ard', 'by', 'dale', 'ham', 'ier', 'as', 'ura', 'eda', 'holm', 'feld', 'ric', 'ane'];
const PLACE_HEAD = ['Hal', 'Bren', 'Cas', 'Dun', 'Fen', 'Gar', 'Hol', 'Is', 'Jor', 'Kest', 'Lorn', 'Mar', 'Net',
  'Or', 'Pel', 'Quar', 'Ros', 'Sal', 'Tarn', 'Ul', 'Var', 'Wex', 'Yel', 'Ald', 'Bel', 'Crom', 'Der', 'Elm',
  'Glen', 'Hart', 'Kil', 'Lang', 'Mill', 'Nor', 'Oak', 'Pen', 'Red', 'Stan', 'Thorn', 'Wald'];
const PLACE_TAIL = ['den', 'ley', 'tor', 'mere', 'nick', 'row', 'by', 'rin', 'vale', 'wick', 'ford', 'field',
  'ham', 'sby', 'stead', 'bury', 'ton', 'brook', 'more', 'haven', 'cross', 'dorf', 'heim', 'stadt', 'ville',
  'bridge', 'moor', 'well', 'worth', 'port'];
const COUNTRIES = [
  ['Germany', 'German'], ['France', 'French'], ['Canada', 'Canadian'], ['Norway', 'Norwegian'],
  ['Poland', 'Polish'], ['Japan', 'Japanese'], ['Nigeria', 'Nigerian'], ['Brazil', 'Brazilian'],
  ['Italy', 'Italian'], ['Sweden', 'Swedish'], ['Ireland', 'Irish'], ['India', 'Indian'],
  ['Australia', 'Australian'], ['Hungary', 'Hungarian'], ['Spain', 'Spanish'], ['the United States', 'American'],
  ['the United Kingdom', 'British'], ['Chile', 'Chilean'], ['Ghana', 'Ghanaian'], ['Austria', 'Austrian'],
  ['Turkey', 'Turkish'], ['New Zealand', 'New Zealand'], ['Portugal', 'Portuguese'], ['Finland', 'Finnish']];
const REGION_KINDS = ['district', 'province', 'county', 'canton', 'prefecture', 'region', 'department'];
const SETTLEMENT_KINDS = ['village', 'town', 'municipality', 'commune', 'market town', 'parish', 'hamlet'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December'];
const ORDINALS = ['second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const OCCUPATIONS = {
  politician: ['politician', 'lawyer and politician', 'trade unionist and politician'],
  footballer: ['professional footballer', 'footballer', 'football manager and former player'],
  musician: ['singer-songwriter', 'jazz pianist', 'composer and organist', 'rapper', 'cellist', 'record producer'],
  actor: ['actress', 'actor', 'film and television actor', 'stage actress'],
  scientist: ['physicist', 'marine biologist', 'mathematician', 'geologist', 'computer scientist', 'chemist'],
  writer: ['novelist', 'poet', 'journalist and author', 'historian', 'playwright', 'translator'],
};
const SUBJECTS = ['physics', 'law', 'history', 'economics', 'music', 'medicine', 'civil engineering', 'chemistry',
  'philosophy', 'classics', 'geography', 'fine art', 'mathematics', 'architecture'];
const ORG_TYPES = ['Railway Company', 'Historical Society', 'Harbour Board', 'Chamber of Commerce',
  'Heritage Trust', 'Water Authority', 'Mining Company', 'Botanical Society', 'Arts Council',
  'Rowing Club', 'Philharmonic', 'Broadcasting Corporation', 'Football Association', 'Academy of Sciences'];
const ROLES = ['chairman', 'director', 'head coach', 'president', 'secretary-general', 'artistic director',
  'chief executive', 'treasurer', 'principal conductor', 'vice-chancellor', 'editor-in-chief', 'captain'];
const AWARDS = ['Order of Merit', 'Golden Lyre', 'National Book Prize', 'Medal of Honour', 'Grand Prix',
  'Lifetime Achievement Award', 'Critics\' Prize', 'Silver Bear', 'Gold Medal', 'Young Artist Award'];
const PARTIES = ['Social Democratic Party', 'Liberal Party', 'Green Party', 'Conservative Party',
  'Farmers\' Union', 'Christian Democratic Union', 'Labour Party', 'Progress Party'];
const FACILITIES = ['library', 'railway station', 'grammar school', 'hospital', 'lighthouse', 'market hall',
  'observatory', 'brewery', 'paper mill', 'swimming pool', 'concert hall', 'ferry terminal', 'tram depot',
  'fire station', 'primary school', 'museum', 'sports hall', 'bus station'];
const INDUSTRIES = ['agriculture', 'tourism', 'fishing', 'forestry', 'textile manufacturing', 'wine making',
  'dairy farming', 'shipbuilding', 'coal mining', 'light industry', 'logistics', 'quarrying'];
const BUILDINGS = ['parish church', 'castle', 'manor house', 'town hall', 'abbey', 'windmill', 'stone bridge',
  'chapel', 'watermill', 'railway viaduct', 'lighthouse', 'synagogue', 'mosque', 'covered market'];
const STYLES = ['Gothic Revival', 'Baroque', 'Romanesque', 'Art Nouveau', 'Neoclassical', 'Brutalist',
  'Tudor', 'Modernist', 'Renaissance', 'Ottoman'];
const ADJ = ['Long', 'Silent', 'Broken', 'Last', 'Hidden', 'Golden', 'Northern', 'Salt', 'Iron', 'Paper',
  'Distant', 'Little', 'Burning', 'Glass', 'Quiet', 'Winter', 'Red', 'Open', 'Hollow', 'Wild'];
const NOUN = ['Hour', 'Roads', 'River', 'Garden', 'Harbour', 'Letters', 'Season', 'Crossing', 'Lights', 'Tide',
  'Country', 'Mirror', 'Orchard', 'Voices', 'Line', 'Shore', 'Kingdom', 'Summer', 'Machine', 'Bells'];
const GENUS = ['Nebria', 'Carabus', 'Conus', 'Eupithecia', 'Dendrobium', 'Lepanthes', 'Agrilus', 'Philodendron',
  'Oxytropis', 'Trechus', 'Bulbophyllum', 'Pristimantis', 'Cortinarius', 'Aphaenogaster'];
const EPITHET_TAIL = ['ensis', 'ii', 'ae', 'iana', 'oides', 'ata', 'ica', 'ella', 'osa'];
const FAMILIES = [['beetle', 'Carabidae'], ['sea snail', 'Conidae'], ['moth', 'Geometridae'],
  ['orchid', 'Orchidaceae'], ['frog', 'Strabomantidae'], ['mushroom', 'Cortinariaceae'], ['ant', 'Formicidae'],
  ['legume', 'Fabaceae'], ['aroid', 'Araceae'], ['jewel beetle', 'Buprestidae']];
const HABITATS = ['montane cloud forest', 'alpine meadows', 'coastal dunes', 'limestone caves', 'peat bogs',
  'tropical lowland forest', 'coral reefs', 'dry scrubland', 'river gravel banks', 'mixed deciduous woodland'];
const LABELS = ['Hyperion Records', 'North Wharf', 'Saltmarsh Music', 'Tinbox', 'Orrin Sound', 'Kite Records',
  'Blue Lantern', 'Copperhead'];
const GENRES = ['indie rock', 'electronic', 'folk', 'jazz fusion', 'hip hop', 'dream pop', 'post-punk',
  'chamber pop', 'ambient', 'country'];
const FILM_GENRES = ['drama', 'comedy', 'thriller', 'documentary', 'romantic comedy', 'crime film', 'Western',
  'science fiction film', 'war film', 'musical'];
const SPORTS_POS = ['goalkeeper', 'defender', 'midfielder', 'forward', 'winger', 'centre-back', 'striker'];
const DIRECTIONS = ['north', 'south', 'east', 'west', 'north-east', 'south-west', 'north-west', 'south-east'];
const CENTURIES = ['12th', '13th', '14th', '15th', '16th', '17th', '18th', '19th'];
const FILLER = ['the', 'of', 'and', 'in', 'was', 'a', 'to', 'also', 'later', 'which', 'its', 'new', 'local',
  'first', 'after', 'by', 'with', 'for', 'national', 'former', 'several', 'major', 'early', 'during', 'regional',
  'he', 'she', 'it', 'they', 'were', 'has', 'been', 'on', 'from', 'at', 'as', 'an', 'between', 'under'];

// ---------------------------------------------------------------------------
// Subjects and slot values
// ---------------------------------------------------------------------------

function surname(r) {
  return r.pick(SURNAME_HEAD) + r.pick(SURNAME_TAIL);
}
function personName(r) {
  const female = r.chance(0.5);
  const first = r.pick(female ? FIRST_F : FIRST_M);
  let name = `${first} ${surname(r)}`;
  if (r.chance(0.08)) name = `${first} ${String.fromCharCode(65 + r.int(0, 25))}. ${surname(r)}`;
  if (r.chance(0.03)) name += ' Jr.';
  return { name, female };
}
function placeName(r) {
  const p = r.pick(PLACE_HEAD) + r.pick(PLACE_TAIL);
  return r.chance(0.1) ? `${r.pick(['Upper', 'Lower', 'Great', 'Little', 'North', 'St.', 'Bad'])} ${p}` : p;
}
function orgName(r) {
  return r.chance(0.5) ? `${placeName(r)} ${r.pick(ORG_TYPES)}` : `${r.pick(ORG_TYPES)} of ${placeName(r)}`;
}
function university(r) {
  return r.chance(0.6) ? `University of ${placeName(r)}` : `${placeName(r)} ${r.pick(['Institute of Technology', 'College', 'Conservatory', 'Polytechnic'])}`;
}
function club(r) {
  return r.pick(['FC ', 'SV ', 'AC ', 'Real ', 'Sporting ', '']) + placeName(r) + r.pick([' United', ' City', ' 09', ' Athletic', ' Rovers', '']);
}
function workTitle(r) {
  return r.weighted([[3, () => `The ${r.pick(ADJ)} ${r.pick(NOUN)}`], [2, () => `${r.pick(ADJ)} ${r.pick(NOUN)}`],
    [1, () => `${r.pick(NOUN)} of ${placeName(r)}`], [1, () => `A ${r.pick(ADJ)} ${r.pick(NOUN)}`]])();
}
function withCommas(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// A subject: the entity an article is about. `kind` selects the grammar.
function makeSubject(r) {
  const kind = r.weighted([[35, 'person'], [20, 'settlement'], [10, 'club'], [12, 'work'], [10, 'species'], [13, 'building']]);
  const [country, nationality] = r.pick(COUNTRIES);
  const s = { kind, country, nationality, place: placeName(r), region: `${placeName(r)} ${r.pick(REGION_KINDS)}` };
  if (kind === 'person') {
    const p = personName(r);
    s.name = p.name;
    s.short = p.name.replace(/ Jr\.$/, '').split(' ').pop();
    s.pron = p.female ? 'she' : 'he';
    s.poss = p.female ? 'her' : 'his';
    s.field = r.pick(Object.keys(OCCUPATIONS));
    s.occupation = r.pick(OCCUPATIONS[s.field]);
    s.born = r.int(1900, 1995);
    s.dead = r.chance(0.3) ? s.born + r.int(40, 95) : null;
    if (s.dead && s.dead > 2015) s.dead = null;
  } else if (kind === 'settlement') {
    s.name = placeName(r);
    s.short = s.name;
    s.pron = 'it'; s.poss = 'its';
    s.skind = r.pick(SETTLEMENT_KINDS);
  } else if (kind === 'club') {
    s.name = club(r);
    s.short = 'the club';
    s.pron = 'it'; s.poss = 'its';
    s.founded = r.int(1870, 1990);
  } else if (kind === 'work') {
    s.isFilm = r.chance(0.5);
    s.name = workTitle(r);
    s.short = s.isFilm ? 'the film' : 'the album';
    s.pron = 'it'; s.poss = 'its';
    s.year = r.int(1950, 2019);
    s.creator = personName(r).name;
    s.genre = s.isFilm ? r.pick(FILM_GENRES) : r.pick(GENRES);
  } else if (kind === 'species') {
    s.genus = r.pick(GENUS);
    s.name = `${s.genus} ${(r.pick(PLACE_HEAD) + r.pick(EPITHET_TAIL)).toLowerCase()}`;
    s.short = 'the species';
    s.pron = 'it'; s.poss = 'its';
    [s.common, s.family] = r.pick(FAMILIES);
    s.habitat = r.pick(HABITATS);
    s.described = r.int(1760, 2005);
  } else {
    s.btype = r.pick(BUILDINGS);
    s.name = r.chance(0.5) ? `${placeName(r)} ${cap(s.btype)}` : `St. ${r.pick(FIRST_M.concat(FIRST_F))}'s ${cap(s.btype)}`;
    s.short = `the ${s.btype}`;
    s.pron = 'it'; s.poss = 'its';
    s.style = r.pick(STYLES);
    s.built = r.int(1150, 1960);
  }
  return s;
}

// Slot values. Every fill() call gets a fresh `local` map, so a slot that
// appears twice in one template (or in a fact's sentence and its evidence,
// which share `local`) has one value.
function slot(key, s, r, local) {
  if (key in local) return local[key];
  if (key in EXTRA_SLOTS) return (local[key] = EXTRA_SLOTS[key](r, s, local));
  let v;
  switch (key) {
    case 'Name': v = s.name; break;
    case 'short': v = s.short; break;
    case 'Short': v = cap(s.short); break;
    case 'pron': v = s.pron; break;
    case 'Pron': v = cap(s.pron); break;
    case 'poss': v = s.poss; break;
    case 'Poss': v = cap(s.poss); break;
    case 'country': v = s.country; break;
    case 'nationality': v = s.nationality; break;
    case 'home': v = s.place; break;
    case 'region': v = s.region; break;
    case 'occupation': v = s.occupation; break;
    case 'skind': v = s.skind; break;
    case 'genre': v = s.genre; break;
    case 'creator': v = s.creator; break;
    case 'common': v = s.common; break;
    case 'family': v = s.family; break;
    case 'genus': v = s.genus; break;
    case 'habitat': v = s.habitat; break;
    case 'btype': v = s.btype; break;
    case 'style': v = s.style; break;
    case 'born': v = String(s.born); break;
    case 'dead': v = String(s.dead); break;
    case 'founded': v = String(s.founded); break;
    case 'wyear': v = String(s.year); break;
    case 'built': v = String(s.built); break;
    case 'described': v = String(s.described); break;
    case 'year': case 'yearB': v = String(r.int(1850, 2014)); break;
    case 'year2': v = String(Number(slot('year', s, r, local)) + r.int(1, 12)); break;
    case 'ryear': v = String(r.int(2015, 2021)); break;
    case 'month': v = r.pick(MONTHS); break;
    case 'day': v = String(r.int(1, 28)); break;
    case 'date': v = `${slot('day', s, r, local)} ${slot('month', s, r, local)} ${slot('ryear', s, r, local)}`; break;
    case 'usdate': v = `${slot('month', s, r, local)} ${slot('day', s, r, local)}, ${slot('ryear', s, r, local)}`; break;
    case 'place': case 'place2': case 'place3': v = placeName(r); break;
    case 'person': case 'person2': v = personName(r).name; break;
    case 'org': case 'org2': v = orgName(r); break;
    case 'university': v = university(r); break;
    case 'club': case 'club2': v = club(r); break;
    case 'title': case 'title2': v = workTitle(r); break;
    case 'role': v = r.pick(ROLES); break;
    case 'award': v = r.pick(AWARDS); break;
    case 'party': v = r.pick(PARTIES); break;
    case 'facility': case 'facility2': v = r.pick(FACILITIES); break;
    case 'industry': case 'industry2': v = r.pick(INDUSTRIES); break;
    case 'subject': v = r.pick(SUBJECTS); break;
    case 'label': v = r.pick(LABELS); break;
    case 'position': v = r.pick(SPORTS_POS); break;
    case 'direction': v = r.pick(DIRECTIONS); break;
    case 'century': v = r.pick(CENTURIES); break;
    case 'ordinal': v = r.pick(ORDINALS); break;
    case 'num': v = String(r.int(2, 40)); break;
    case 'num2': v = String(Number(slot('num', s, r, local)) + r.int(1, 30)); break;
    case 'age': v = String(r.int(48, 97)); break;
    case 'big': case 'big2': v = withCommas(r.int(120, 250000)); break;
    case 'km': v = `${r.int(1, 400)}.${r.int(1, 9)}`; break;
    case 'pct': v = `${r.int(20, 78)}.${r.int(0, 9)}`; break;
    case 'money': v = `${r.int(1, 95)}.${r.int(1, 9)} million`; break;
    case 'height': v = withCommas(r.int(3, 4800)); break;
    case 'mm': v = String(r.int(2, 40)); break;
    case 'votes': v = withCommas(r.int(900, 60000)); break;
    case 'votes2': v = withCommas(r.int(500, Number(slot('votes', s, r, local).replace(/,/g, '')))); break;
    default: throw new Error(`unknown slot {${key}}`);
  }
  local[key] = v;
  return v;
}

function fill(template, s, r, local = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => slot(key, s, r, local))
    .replace(/\b([Aa]) (?=[aeiouAEIOU])/g, '$1n ');
}

// ---------------------------------------------------------------------------
// Grammar. Source sentences: the article before the update. Facts: an added
// sentence with the evidence it comes from ([title, section, text]; a text
// starting with "[HEADER]" is a table, as in FRUIT's inputs).
// ---------------------------------------------------------------------------

const LEAD = {
  person: ['{Name} (born {born}) is a {nationality} {occupation}.',
    '{Name} (born {day} {month} {born}) is a {nationality} {occupation} from {home}.',
    '{Name} ({born}–{dead}) was a {nationality} {occupation}.'],
  settlement: ['{Name} is a {skind} in the {region} of {country}.',
    '{Name} is a {skind} and former {facility} centre in {country}, on the coast of the {region}.'],
  club: ['{Name} is an association football club based in {home}, {country}.',
    '{Name} is a {nationality} sports club from {home}, best known for its football team.'],
  work: ['{Name} is a {wyear} {nationality} {genre} directed by {creator}.',
    '{Name} is the {ordinal} studio album by {nationality} musician {creator}, released in {wyear}.'],
  species: ['{Name} is a species of {common} in the family {family}.',
    '{Name} is a {common} of the family {family}, endemic to {country}.'],
  building: ['The {Name} is a {style} {btype} in the {skind0} of {home}, {country}.',
    'The {Name} is a Grade II listed {btype} in {home}, built in {built}.'],
};

const SOURCE = {
  person: [
    '{Pron} was born in {home}, {country}, and grew up in {place}.',
    '{Pron} studied {subject} at the {university}, graduating in {year}.',
    'In {year}, {pron} joined the {org} as {poss} assistant {role}.',
    'From {year} to {year2}, {pron} served as {role} of the {org}.',
    '{Poss} first book, {title}, was published in {year} and sold {big} copies.',
    '{Pron} married {person} in {year}; the couple had {num} children.',
    '{Short} was awarded the {award} in {year}.',
    '{Short} moved to {place} in {year}, where {pron} worked for the {org}.',
    '{Pron} has appeared in more than {num} films and television series.',
    'In {year}, {pron} was elected to the parliament of {country} for the {party}.',
    '{Pron} played as a {position} for {club} and {club2}.',
    '{Poss} debut album, {title}, was released by {label} in {year}.',
    'During the {year} season {pron} scored {num} goals in {num2} matches.',
    '{Short} taught {subject} at the {university} from {year} until {year2}.',
    'Critics described {poss} early work as strongly influenced by {person}.',
    '{Pron} lives in {place} with {poss} family.',
    'In {year}, {short} received an honorary doctorate from the {university}.',
    '{Poss} papers are held by the {org} in {place}.',
    '{Pron} was a member of the {party} until {year}.',
    'In {month} {year}, {pron} toured {country} with the {org}.',
  ],
  settlement: [
    'As of the {year} census, it had a population of {big}.',
    'The {skind} covers an area of {km} km² and lies at an elevation of {height} m.',
    'It lies on the {place} river, about {num} km {direction} of {place2}.',
    '{Name} was first mentioned in {year} as {place}.',
    'Its economy is based on {industry} and {industry2}.',
    'The {skind} has a {facility}, which opened in {year}.',
    'The parish church of St. {person} dates from the {century} century.',
    'In {year}, a fire destroyed much of the old centre.',
    'The {place} railway line reached {Name} in {year}.',
    'Notable people from {Name} include the {occupationAny} {person}.',
    '{Name} is twinned with {place} in {countryAny}.',
    'The local football club, {club}, was founded in {year}.',
    'During the war of {year}, the {skind} was occupied for {num} months.',
    'The {facility} was converted into a {facility2} in {year}.',
    'Since {year}, {Name} has been the seat of the {org}.',
  ],
  club: [
    'The club was founded in {founded} by workers from the local {industry} works.',
    'It plays its home matches at the {place} Stadium, which holds {big} spectators.',
    'The team\'s colours are {colour} and {colour2}.',
    'In {year}, the club won the {country} Cup for the first time.',
    'The club was relegated to the third tier in {year}.',
    '{person} managed the team from {year} to {year2}.',
    'Its main rivals are {club}, with whom it contests the {place} derby.',
    'The club\'s record attendance of {big} was set in {year} against {club}.',
    'In {year}, the club merged with {club} under its present name.',
    'Its youth academy has produced several international players.',
  ],
  work: [
    'It was produced by {person} and recorded in {place} over {num} weeks.',
    'The {short2} stars {person} and {person2}.',
    'Principal photography began in {month} {wyear} in {place}.',
    'It received generally positive reviews from critics.',
    'The {short2} grossed {money} dollars worldwide.',
    'It peaked at number {num} on the national chart.',
    'The soundtrack was composed by {person}.',
    '{creator} wrote most of the material while living in {place}.',
    'It was nominated for the {award} in {year}.',
    'A remastered edition was issued by {label} in {ryear}.',
  ],
  species: [
    'It is found in the {habitat} of {country}.',
    'Adults measure {mm} to {mm2} mm in length.',
    'The species was first described by {person} in {described}.',
    'It feeds mainly on small invertebrates and is active at night.',
    'The specific name honours {person}, who collected the type specimen near {place}.',
    'Its range overlaps with that of the closely related {genus} {epithet}.',
    'Females lay between {num} and {num2} eggs.',
    'It is listed as least concern by the IUCN.',
    'Specimens are kept at the {org} in {place}.',
    'Larvae develop in {habitat} over about {num} weeks.',
  ],
  building: [
    'It was built in {built} to designs by the architect {person}.',
    'The {btype} was enlarged in {year} and again in {year2}.',
    'The interior contains a carved {material} {feature} from the {century} century.',
    'It was badly damaged by fire in {year}.',
    'The {btype} was listed as a protected monument in {year}.',
    'It is owned by the {org}.',
    'The tower is {num} metres high.',
    'Restoration work was carried out between {year} and {year2}.',
    'It is open to visitors on weekends from April to October.',
    'The grounds include a walled garden and a {facility}.',
  ],
};

// Facts: [added sentence, [evidence title, section, evidence text]].
const FACTS = {
  person: [
    ['In {ryear}, {pron} was appointed {role} of the {org}.',
      ['{org}', 'History - Leadership', '{Name} was named {role} of the organisation in {month} {ryear}, succeeding {person}.']],
    ['{Pron} died on {date} in {place} at the age of {age}.',
      ['Deaths_in_{month}_{ryear}', '{day}', '{Name}, {age}, {nationality} {occupation}.']],
    ['{Poss} {ordinal} album, {title}, was released on {date} by {label}.',
      ['{Name}', 'Discography - Studio albums - Table-0-{num}', '[HEADER] [COL] Year [COL] Title [COL] Label [ROW] [COL] {ryear} [COL] {title} [COL] {label}']],
    ['{Pron} won the {award} for {title} at the {ryear} ceremony.',
      ['{award}', 'Winners - Table-0-{num}', '[HEADER] [COL] Year [COL] Winner [COL] Work [ROW] [COL] {ryear} [COL] {Name} [COL] {title}']],
    ['In the {ryear} election, {pron} was re-elected with {pct}% of the vote.',
      ['{ryear}_{country}_general_election', 'Results - {home} - Table-0-{num}', '[HEADER] [COL] Party [COL] Candidate [COL] Votes [COL] % [ROW] [COL] {party} [COL] {Name} [COL] {votes} [COL] {pct}']],
    ['In {month} {ryear}, {pron} signed a {num}-year contract with {club}.',
      ['{club}', 'Players - Transfers', 'The club announced the signing of {Name} from {club2} on {date}.']],
    ['{Pron} played {person} in the film {title} ({ryear}).',
      ['{title}', 'Cast', '{Name} as {person}, a retired {occupationAny} from {place}.']],
    ['{Poss} novel {title} was shortlisted for the {award} in {ryear}.',
      ['{award}', '{ryear} - Shortlist', 'The shortlist announced in {month} included {title} by {Name} and {title2} by {person}.']],
    ['Since {ryear}, {pron} has been a professor of {subject} at the {university}.',
      ['{university}', 'Notable faculty', '{Name}, professor of {subject} (since {ryear})']],
    ['In {ryear}, {pron} was made an honorary citizen of {place}.',
      ['{place}', 'Honorary citizens', '[HEADER] [COL] Year [COL] Name [ROW] [COL] {ryear} [COL] {Name}']],
  ],
  settlement: [
    ['As of the {ryear} census, the population was {big}.',
      ['{region}', 'Demographics - Table-0-{num}', '[HEADER] [COL] Municipality [COL] Population ({ryear}) [ROW] [COL] {Name} [COL] {big}']],
    ['On {date}, {Name} was merged with {place} to form the new municipality of {place2}.',
      ['{place2}', 'History', 'The municipality of {place2} was created on {date} by merging {Name} and {place}.']],
    ['The {facility} closed in {ryear}.',
      ['{Name}_{facility}', 'INTRODUCTION', 'The {facility} served {Name} from {year} until its closure in {ryear}.']],
    ['A new {facility} was opened by the {org} in {ryear}.',
      ['{org}', 'Projects', 'In {ryear} the {org} completed a new {facility} in {Name} at a cost of {money} euros.']],
    ['In {ryear}, {person} was elected mayor with {pct}% of the vote.',
      ['{ryear}_{region}_local_elections', 'Mayors - Table-0-{num}', '[HEADER] [COL] Municipality [COL] Mayor [COL] Party [COL] % [ROW] [COL] {Name} [COL] {person} [COL] {party} [COL] {pct}']],
    ['Flooding in {month} {ryear} damaged more than {num} houses in the {skind}.',
      ['{month}_{ryear}_{country}_floods', 'Affected areas', 'In {Name}, the river rose {num2} metres above its normal level and {num} houses were damaged.']],
  ],
  club: [
    ['The club won the regional league in the {ryear} season and was promoted to the fourth tier.',
      ['{ryear}_{region}_League', 'League table - Table-0-{num}', '[HEADER] [COL] Pos [COL] Club [COL] Pts [ROW] [COL] 1 [COL] {Name} [COL] {num2} [ROW] [COL] 2 [COL] {club} [COL] {num}']],
    ['{person} has been the head coach since {month} {ryear}.',
      ['{person}', 'Managerial career', '{person} was appointed head coach of {Name} in {month} {ryear} after leaving {club}.']],
    ['In {ryear}, the club moved to the new {place} Arena, which holds {big} spectators.',
      ['{place}_Arena', 'INTRODUCTION', 'The {place} Arena is a stadium in {home} with a capacity of {big}; it has been the home of {Name} since {ryear}.']],
    ['The club reached the final of the {country} Cup in {ryear}, losing {num}–0 to {club}.',
      ['{ryear}_{country}_Cup_final', 'Match', '{club} beat {Name} {num}–0 in front of {big} spectators.']],
  ],
  work: [
    ['A sequel, {title}, was released in {ryear}.',
      ['{title}', 'INTRODUCTION', '{title} is a {ryear} {genre} and the sequel to {Name}.']],
    ['In {ryear}, it was added to the national registry of culturally significant works.',
      ['National_Registry', 'Additions in {ryear} - Table-0-{num}', '[HEADER] [COL] Year added [COL] Title [COL] Release [ROW] [COL] {ryear} [COL] {Name} [COL] {wyear}']],
    ['It was certified platinum in {country} in {ryear}, having sold over {big} copies.',
      ['List_of_certified_albums_in_{country}', '{ryear} - Table-0-{num}', '[HEADER] [COL] Title [COL] Artist [COL] Certification [ROW] [COL] {Name} [COL] {creator} [COL] Platinum']],
    ['A stage adaptation by {person} premiered at the {place} Theatre in {ryear}.',
      ['{place}_Theatre', 'Productions', 'In {month} {ryear} the theatre staged {person}\'s adaptation of {Name}.']],
  ],
  species: [
    ['A survey in {ryear} recorded the species at altitudes of up to {height} m.',
      ['{region}', 'Fauna and flora', 'A field survey carried out in {ryear} recorded {Name} at altitudes of up to {height} m.']],
    ['It was assessed as vulnerable by the IUCN in {ryear} because of habitat loss.',
      ['IUCN_Red_List_of_{family}', '{ryear} assessments - Table-0-{num}', '[HEADER] [COL] Species [COL] Status [COL] Year [ROW] [COL] {Name} [COL] VU [COL] {ryear}']],
    ['Its genome was sequenced in {ryear} by a team at the {university}.',
      ['{university}', 'Research', 'Researchers at the university published the first genome of {Name} in {month} {ryear}.']],
  ],
  building: [
    ['A restoration funded by the {org} began in {ryear} at an estimated cost of {money} euros.',
      ['{org}', 'Projects', 'The trust agreed to fund a restoration of the {Name} at an estimated cost of {money} euros; work started in {ryear}.']],
    ['In {ryear}, the {btype} was closed to the public after inspectors found cracks in the tower.',
      ['{home}', 'Landmarks', 'Engineers inspecting the old {btype} in {ryear} found cracks in its tower, and it was closed the same year.']],
    ['Since {ryear} it has housed the {home} museum of local history.',
      ['{home}', 'Museums', 'Since {ryear} the restored {Name} has housed the town\'s museum of local history.']],
    ['The {btype} was used as a filming location for {title} ({ryear}).',
      ['{title}', 'Production', 'Scenes were filmed at the {Name} in {home} during {month} {ryear}.']],
  ],
};

// Evidence that supports nothing in the target (FRUIT's distractors).
const DISTRACTORS = [
  ['{place}', 'INTRODUCTION', '{place} is a {skindAny} in the {region} of {countryAny} with a population of {big}.'],
  ['{person}', 'Early life', '{person} was born in {place} and attended school in {place2}, where the family ran a {facility}.'],
  ['{org}', 'History', 'The {org} was established in {year} and moved to its current premises in {year2}.'],
  ['List_of_{facility}s_in_{countryAny}', '{region} - Table-0-{num}', '[HEADER] [COL] Name [COL] Location [COL] Opened [ROW] [COL] {place} {facility} [COL] {place2} [COL] {year} [ROW] [COL] {Name} {facility} [COL] {home} [COL] {year2}'],
  ['{club}', 'Honours', '[HEADER] [COL] Competition [COL] Titles [COL] Seasons [ROW] [COL] Regional League [COL] {num} [COL] {year}, {year2}'],
  ['{title}', 'Reception', 'The review aggregator reported that {num} of {num2} critics gave {title} a positive review.'],
];

const COLOURS = ['green', 'white', 'red', 'black', 'blue', 'yellow', 'claret', 'orange', 'sky blue', 'maroon'];
const MATERIALS = ['oak', 'marble', 'sandstone', 'limestone', 'walnut', 'alabaster'];
const FEATURES = ['pulpit', 'altar', 'font', 'screen', 'staircase', 'fireplace', 'doorway'];

// More slots, kept out of the switch in slot() to keep it short.
const EXTRA_SLOTS = {
  colour: (r) => r.pick(COLOURS), colour2: (r) => r.pick(COLOURS),
  material: (r) => r.pick(MATERIALS), feature: (r) => r.pick(FEATURES),
  occupationAny: (r) => r.pick(OCCUPATIONS[r.pick(Object.keys(OCCUPATIONS))]),
  countryAny: (r) => r.pick(COUNTRIES)[0], skindAny: (r) => r.pick(SETTLEMENT_KINDS),
  skind0: (r) => r.pick(['town', 'village', 'old quarter', 'market town']),
  epithet: (r) => (r.pick(PLACE_HEAD) + r.pick(EPITHET_TAIL)).toLowerCase(),
  mm2: (r, s, local) => String(Number(slot('mm', s, r, local)) + r.int(1, 9)),
  short2: (r, s) => (s.isFilm ? 'film' : 'album'),
};

// ---------------------------------------------------------------------------
// FRUIT's normalization (diff task, text delimiters), for our text: only
// ASCII whitespace and ASCII digits, where JavaScript's \s, \d and trim()
// agree with Python's.
// ---------------------------------------------------------------------------

const SENTENCE_DELIM = /\[(\d+)\]/g;
const EVIDENCE_DELIM = /\((\d+)\)/g;

function splitDelims(x, re) {
  const out = [];
  let prev = 0;
  for (const m of x.matchAll(re)) {
    out.push(x.slice(prev, m.index).trim());
    prev = m.index + m[0].length;
  }
  out.push(x.slice(prev).trim());
  return out;
}
function removeDelims(x, re) {
  return splitDelims(x, re).join(' ').trim();
}
function copyReplace(x, src) {
  const out = [];
  let prev = 0;
  for (const m of x.matchAll(SENTENCE_DELIM)) {
    const between = x.slice(prev, m.index).trim();
    if (between) out.push(between);
    const uid = Number(m[1]);
    if (uid < src.length) out.push(src[uid]);  // out of range: dropped
    prev = m.index + m[0].length;
  }
  const rest = x.slice(prev).trim();
  if (rest) out.push(rest);
  return out.join(' ').trim();
}
function normalize(inputs, edit) {
  const parts = inputs.split('[CONTEXT]');
  if (parts.length !== 2) throw new Error('inputs need exactly one [CONTEXT]');
  const source = parts[0].trim();
  const cleanSource = removeDelims(source, SENTENCE_DELIM).replace(/\s{2,}/g, ' ');
  const cleanEdit = removeDelims(edit, EVIDENCE_DELIM);
  const edited = copyReplace(cleanEdit, splitDelims(source, SENTENCE_DELIM).slice(1)).replace(/\s{2,}/g, ' ');
  return [cleanSource, edited];
}

// ---------------------------------------------------------------------------
// Examples
// ---------------------------------------------------------------------------

// A plan is the list of units of an updated article: {copy: i} keeps source
// sentence i, {text, ev: [evidence indices]} is written text.
function renderPlan(plan) {
  return plan.map((u) => ('copy' in u ? `[${u.copy}]` : [...u.ev.map((e) => `(${e})`), u.text].join(' '))).join(' ');
}

// Source sentences cycle through the kind's templates in a random order, so
// short articles do not repeat one.
function sourceSentences(s, r, n) {
  const templates = SOURCE[s.kind];
  const out = [];
  let order = [];
  while (out.length < n) {
    if (!order.length) order = r.shuffle(templates.slice());
    out.push(fill(order.pop(), s, r));
  }
  return out;
}

// A rewritten source sentence, as FRUIT's "replace" edits are.
function modifySentence(text, s, r) {
  const local = {};
  const appendClause = () => text.replace(/\.$/, `, ${fill(r.pick(['and later in {place}', 'until {ryear}', 'according to the {org}', 'with {person}', 'among others']), s, r, local)}.`);
  const modified = r.weighted([
    [3, () => text.replace(/\b(1[89]\d\d|20[01]\d)\b/, () => slot('ryear', s, r, local))],
    [2, appendClause],
    [2, () => text.replace(/\b\d[\d,]*\b/, () => withCommas(r.int(2, 90000)))],
    [1, () => `${fill(r.pick(['In {ryear}, ', 'According to the {org}, ', 'By {ryear}, ']), s, r, local)}${/^(The|It|Its|He|She|His|Her|In|During|From|Since|Adults|Females|Larvae|Critics|Restoration|Specimens)\b/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text}`],
  ])();
  return modified === text ? appendClause() : modified;
}

function makeExample(index, seed) {
  const r = new Rng(seed, index, 0x6f6c64);
  const block = Math.floor(index / 100);
  const long = new Rng(seed, block, 0x10f6).int(0, 99) === index % 100;
  const s = makeSubject(r);

  // Source article.
  const nSource = long ? r.int(150, 400) : r.weighted([[1, 3], [2, 4], [3, 5], [3, 6], [3, 7], [2, 8], [2, 9], [1, 10], [1, 11], [1, 12]]);
  const source = [fill(r.pick(LEAD[s.kind]), s, r), ...sourceSentences(s, r, nSource - 1)];

  // Facts for the added sentences, each with its evidence.
  const nAdded = r.weighted([[10, 0], [35, 1], [30, 2], [15, 3], [10, 4]]);
  const facts = [];
  for (let k = 0; k < nAdded; k++) {
    const [sentence, [title, section, text]] = r.pick(FACTS[s.kind]);
    const local = {};
    facts.push({ text: fill(sentence, s, r, local),
      evidence: [fill(title, s, r, local).replace(/ /g, '_'), fill(section, s, r, local), fill(text, s, r, local)] });
  }
  // Evidence list: supporting evidence plus distractors, shuffled. Long
  // inputs carry little evidence, as FRUIT's 1024-token budget leaves none.
  const evidence = facts.map((f, k) => ({ fact: k, parts: f.evidence }));
  const nDistractors = long ? r.int(0, 1) : r.int(0, 5);
  for (let k = 0; k < nDistractors; k++) {
    const [title, section, text] = r.pick(DISTRACTORS);
    const local = {};
    evidence.push({ fact: -1, parts: [fill(title, s, r, local).replace(/ /g, '_'), fill(section, s, r, local), fill(text, s, r, local)] });
  }
  if (long && facts.length && r.chance(0.5)) evidence.splice(0, facts.length);  // evidence cut off
  r.shuffle(evidence);
  const evidenceOf = facts.map((_, k) => evidence.findIndex((e) => e.fact === k));

  // Gold plan: copy, delete or rewrite each source sentence; insert facts.
  const plan = [];
  const insertAt = facts.map(() => r.int(0, source.length));
  for (let i = 0; i <= source.length; i++) {
    for (let k = 0; k < facts.length; k++) {
      if (insertAt[k] !== i) continue;
      const ev = evidenceOf[k] >= 0 ? [evidenceOf[k]] : [];
      if (ev.length && r.chance(0.1) && evidence.length > 1) ev.push((ev[0] + 1) % evidence.length);
      plan.push({ text: facts[k].text, ev, added: true });
    }
    if (i === source.length) break;
    const fate = r.weighted([[90, 'copy'], [3, 'delete'], [long ? 1 : 7, 'modify']]);
    if (fate === 'copy') plan.push({ copy: i });
    else if (fate === 'modify') {
      const ev = evidence.length && r.chance(0.5) ? [r.int(0, evidence.length - 1)] : [];
      plan.push({ text: modifySentence(source[i], s, r), ev, modified: true });
    }
  }

  const inputs = [...source.map((t, i) => `[${i}] ${t}`), '[CONTEXT]', ...evidence.map((e, k) => `(${k}) ${e.parts.join(' ')}`)].join(' ');
  const targets = renderPlan(plan);
  const [normalizedInputs, normalizedTargets] = normalize(inputs, targets);
  const id = 1000003 + index * 37 + (index % 7);
  const gold = { id, inputs, targets, normalized_inputs: normalizedInputs, normalized_targets: normalizedTargets };
  return { gold, prediction: makePrediction(id, inputs, source, plan, facts, evidence, s, r) };
}

// Word-level noise on one sentence.
function perturbWords(text, rate, r) {
  const words = text.split(' ');
  const out = [];
  for (const w of words) {
    if (!r.chance(rate)) { out.push(w); continue; }
    const op = r.int(0, 3);
    if (op === 0) continue;  // drop
    if (op === 1) out.push(w, r.pick(FILLER));  // insert
    else if (op === 2) out.push(r.pick(FILLER));  // substitute
    else { out.push(r.pick(FILLER), w); }  // insert before
  }
  let result = out.join(' ');
  if (!result) result = r.pick(FILLER);
  if (/\.$/.test(text) && !/\.$/.test(result)) result += '.';
  return result;
}

function makePrediction(id, inputs, source, goldPlan, facts, evidence, s, r) {
  const mode = r.weighted([[12, 'exact'], [10, 'source'], [8, 'no_additions'], [45, 'noisy'],
    [10, 'hallucinate'], [10, 'rewrite_all'], [4, 'reorder'], [1, 'empty']]);
  let plan;
  const copyAll = () => source.map((_, i) => ({ copy: i }));
  const randomEv = () => (evidence.length && r.chance(0.7) ? [r.int(0, evidence.length - 1)] : []);
  const inventFact = () => {
    const [sentence] = r.pick(FACTS[s.kind]);
    return { text: fill(sentence, s, r), ev: randomEv(), added: true };
  };
  switch (mode) {
    case 'exact': plan = goldPlan; break;
    case 'source': plan = copyAll(); break;
    case 'empty': plan = []; break;
    case 'no_additions': plan = goldPlan.filter((u) => !u.added); break;
    case 'reorder': plan = r.shuffle(goldPlan.slice()); break;
    case 'hallucinate':
      plan = goldPlan.map((u) => (u.added ? inventFact() : u));
      if (r.chance(0.5)) plan.splice(r.int(0, plan.length), 0, inventFact());
      break;
    case 'rewrite_all': {  // a model that writes out the whole article
      const rate = r.float() * 0.1;
      plan = goldPlan.map((u) => ('copy' in u ? (r.chance(0.3) ? { text: perturbWords(source[u.copy], rate, r), ev: [] } : u)
        : { ...u, text: perturbWords(u.text, rate * 3, r) }));
      break;
    }
    default: {  // noisy
      const rate = 0.03 + r.float() * 0.3;
      plan = [];
      for (const u of goldPlan) {
        if ('copy' in u) {
          if (!r.chance(0.04)) plan.push(u);
          if (r.chance(0.01)) plan.push(u);  // repeated copy
          continue;
        }
        if (u.added && r.chance(0.15)) continue;  // dropped addition
        plan.push({ ...u, text: perturbWords(u.text, rate, r), ev: r.chance(0.8) ? u.ev : randomEv() });
      }
      if (r.chance(0.2)) plan.splice(r.int(0, plan.length), 0, inventFact());
      break;
    }
  }
  // About 10% of predictions are raw EDIT5 output for the scorer to
  // normalize; rarely with a copy token that names no source sentence.
  if (r.chance(0.1)) {
    if (r.chance(0.02)) plan = [...plan, { copy: source.length + r.int(0, 5) }];
    return { id, targets: renderPlan(plan) };
  }
  return { id, normalized_targets: normalize(inputs, renderPlan(plan))[1] };
}

// ---------------------------------------------------------------------------
// Output: one JSON object a line, non-ASCII escaped as Python's json.dumps
// does (as the official files are written).
// ---------------------------------------------------------------------------

function jsonLine(obj) {
  return JSON.stringify(obj).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  fs.mkdirSync(args.outDir, { recursive: true });
  const goldPath = path.join(args.outDir, 'gold.jsonl');
  const predPath = path.join(args.outDir, 'pred.jsonl');
  const goldFd = fs.openSync(goldPath, 'w');
  const predFd = fs.openSync(predPath, 'w');
  let goldChunk = [], predChunk = [];
  const flush = () => {
    fs.writeSync(goldFd, goldChunk.join(''));
    fs.writeSync(predFd, predChunk.join(''));
    goldChunk = []; predChunk = [];
  };
  for (let i = 0; i < args.n; i++) {
    const { gold, prediction } = makeExample(i, args.seed);
    goldChunk.push(jsonLine(gold));
    predChunk.push(jsonLine(prediction));
    if (goldChunk.length === 500) flush();
  }
  flush();
  fs.closeSync(goldFd);
  fs.closeSync(predFd);
}

main();
