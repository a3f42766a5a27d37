#!/usr/bin/python3
# -*- coding: utf-8 -*-
"""Dev-time generator for the fruitbench conformance fixtures.

This script is NOT part of the build or of CI. It is run by hand by a
developer who has the official reference implementations available locally
(see README.md in this folder for how to rebuild them). Nothing from the
reference implementations is committed: only the case inputs we wrote and the
numbers the reference produced for them.

    FRUIT_REFERENCE_DIR=/work/ref /usr/bin/python3 tests/conformance/make_expected.py

Steps (each a separate function):
  1. generate_inputs():   writes cases/<case>.gold.jsonl and
                          cases/<case>.pred.jsonl (seeded, deterministic). The
                          gold normalized_* fields are filled in with the
                          reference normalize(), as in the official files.
  2. compute_expected():  reads every case back from disk and writes
                          expected/<case>.jsonl (use_stemmer=False) and
                          expected/<case>.stem.jsonl (use_stemmer=True).
  3. write_normalize_probes(), write_tokenize_probes(): direct probes of
                          normalize()/extract_additions() and of rouge's
                          tokenizer, written to expected/normalize.jsonl and
                          expected/tokenize.jsonl.

Options: --expected-only skips step 1 (recompute from the committed inputs).
"""

import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_DIR = os.path.join(HERE, "cases")
EXPECTED_DIR = os.path.join(HERE, "expected")


# ---------------------------------------------------------------------------
# Reference loading
# ---------------------------------------------------------------------------

class Reference:
  """Thin handle on the official reference modules."""

  def __init__(self, ref_dir):
    ref_dir = os.path.abspath(ref_dir)
    for p in (os.path.join(ref_dir, "stubs"), ref_dir):
      if p not in sys.path:
        sys.path.insert(0, p)
    from absl import logging as absl_logging  # pylint: disable=g-import-not-at-top
    # copy_replace() logs every out-of-range copy token; keep stderr quiet.
    absl_logging.set_verbosity(absl_logging.FATAL)
    from language.fruit import rendering_utils  # pylint: disable=g-import-not-at-top
    from rouge import rouge_scorer  # pylint: disable=g-import-not-at-top
    from rouge import tokenizers  # pylint: disable=g-import-not-at-top
    self.ru = rendering_utils
    self.rouge_scorer = rouge_scorer
    self.tokenizers = tokenizers
    self.pair = rendering_utils.get_default_delimiter_range_pair(
        rendering_utils.Task.diff, rendering_utils.DelimiterType.text)

  def normalize(self, inputs, edit):
    return self.ru.normalize(inputs, edit, self.pair)

  def extract_additions(self, source, target):
    return self.ru.extract_additions(source, target)


# ---------------------------------------------------------------------------
# JSONL helpers
# ---------------------------------------------------------------------------

def dump_line(obj, ensure_ascii=False):
  return json.dumps(obj, ensure_ascii=ensure_ascii) + "\n"


def write_jsonl(path, rows, ensure_ascii=False):
  os.makedirs(os.path.dirname(path), exist_ok=True)
  with open(path, "w", encoding="utf-8", newline="") as f:
    for row in rows:
      f.write(dump_line(row, ensure_ascii))


def read_jsonl(path):
  # Split on "\n" only: str.splitlines() would also split on U+2028, U+0085,
  # U+001C..U+001E etc., which appear raw inside some of our JSON strings.
  with open(path, "rb") as f:
    data = f.read().decode("utf-8")
  rows = []
  for line in data.split("\n"):
    if line.strip(" \t\r") == "":
      continue
    rows.append(json.loads(line))
  return rows


# ---------------------------------------------------------------------------
# Our own text: encyclopedic passages about fictional subjects
# ---------------------------------------------------------------------------

# Each topic: src = source article sentences, ev = evidence (title, section,
# text), adds = (added sentence, [evidence indices]), mods = {src index:
# rewritten sentence}.
TOPICS = [
    dict(
        key="vellmar_bridge",
        src=[
            "The Vellmar Bridge is a stone arch bridge over the Oster River in the market town of Halden Cross.",
            "Construction began in 1864 and was completed in 1873 after repeated flooding delayed the work.",
            "The bridge carries a single lane of road traffic and a narrow footpath on its downstream side.",
            "Its central arch spans 41 metres, which made it the longest masonry arch in the province when it opened.",
            "The structure was listed as a protected monument in 1958.",
        ],
        ev=[
            ("Halden Cross", "Transport", "Engineers inspecting the old river crossing in 2019 found cracks in its central arch, and the council closed it to cars the same year."),
            ("Regional Heritage Trust", "Projects", "The trust agreed to fund a restoration of the Vellmar Bridge at an estimated cost of 3.5 million euros; work started in 2021."),
            ("Oster River", "Course", "Below Halden Cross the river widens into a shallow estuary that is used by wading birds in winter."),
        ],
        adds=[
            ("In 2019 the bridge was closed to motor vehicles after inspectors found cracks in the central arch.", [0]),
            ("A restoration funded by the Regional Heritage Trust began in 2021 at an estimated cost of 3.5 million euros.", [1]),
        ],
        mods={2: "The bridge now carries only pedestrians and cyclists."},
    ),
    dict(
        key="ilse_marwede",
        src=[
            "Ilse Marwede (born 1950) is a German composer and organist from Lübeck.",
            "She studied church music in Hamburg and later taught at a grammar school in Eutin.",
            "Her early works were mostly choral settings of medieval Low German texts.",
            "She has written four symphonies and more than thirty pieces for solo organ.",
        ],
        ev=[
            ("Kiel Philharmonic", "Premieres", "The orchestra gave the first performance of Marwede's fifth symphony, subtitled Tidewater, in October 2012."),
            ("Rostock Academy of Music", "Faculty", "Composer Ilse Marwede joined the academy as professor of composition in 2016 and retired in 2021."),
        ],
        adds=[
            ("Her Symphony No. 5, subtitled Tidewater, was premiered by the Kiel Philharmonic in October 2012.", [0]),
            ("From 2016 to 2021 she was professor of composition at the Rostock Academy of Music.", [1]),
        ],
        mods={3: "She has written five symphonies and more than thirty pieces for solo organ."},
    ),
    dict(
        key="nebria_kaltensis",
        src=[
            "Nebria kaltensis is a species of ground beetle in the family Carabidae.",
            "It is endemic to the alpine meadows of the Kalten massif.",
            "Adults measure 9 to 11 mm in length and hunt small invertebrates at night.",
            "The species was first described in 1897.",
        ],
        ev=[
            ("Kalten massif", "Fauna", "A field survey carried out in 2018 recorded Nebria kaltensis at altitudes of up to 2,900 m, well above its previously known range."),
            ("Carabidae of the Eastern Alps", "Conservation", "Several endemic ground beetles, including N. kaltensis, are considered vulnerable because of shrinking snowfields."),
        ],
        adds=[
            ("A survey in 2018 recorded the species at altitudes of up to 2,900 m.", [0]),
            ("It is considered vulnerable because the snowfields on which it depends are shrinking.", [1]),
        ],
        mods={},
    ),
    dict(
        key="fc_dorneck",
        src=[
            "FC Dorneck 09 is an association football club based in the town of Dorneck.",
            "The club was founded in 1909 by workers from the local glassworks.",
            "It plays its home matches at the Sandgrube stadium, which holds 4,200 spectators.",
            "The team's colours are green and white.",
        ],
        ev=[
            ("2022–23 Verbandsliga", "Final table", "[HEADER] [COL] Pos [COL] Club [COL] Pts [ROW] [COL] 1 [COL] FC Dorneck 09 [COL] 71 [ROW] [COL] 2 [COL] SV Lembach [COL] 64"),
            ("Tomasz Wilk", "Career", "Wilk was appointed head coach of FC Dorneck 09 in July 2021 after leaving Lembach."),
        ],
        adds=[
            ("The club won the Verbandsliga in the 2022–23 season and was promoted to the fifth tier.", [0]),
            ("Tomasz Wilk has been the head coach since July 2021.", [1]),
        ],
        mods={},
    ),
    dict(
        key="mount_areth",
        src=[
            "Mount Areth is a stratovolcano on the island of Pell in the Ranmore archipelago.",
            "Its summit reaches 1,742 m above sea level.",
            "The last confirmed eruption took place in 1911 and destroyed the village of Osk.",
            "The lower slopes are covered in cloud forest.",
        ],
        ev=[
            ("Pell", "Recent history", "In March 2020 a swarm of small earthquakes beneath Mount Areth led authorities to evacuate the villages of Tarn and Wyle."),
            ("Ranmore Volcano Observatory", "Monitoring", "After six weeks of declining activity, the observatory lowered the alert level and residents were allowed to return."),
        ],
        adds=[
            ("In March 2020 seismic unrest beneath the volcano led to the evacuation of two villages.", [0]),
            ("No eruption followed, and residents returned after six weeks.", [1]),
        ],
        mods={},
    ),
    dict(
        key="quillmark",
        src=[
            "Quillmark is an open-source software library for rendering mathematical notation.",
            "It was first released in 2014 and is written in C++.",
            "The library is distributed under the MIT License.",
            "Bindings are available for Python and JavaScript.",
        ],
        ev=[
            ("Quillmark", "Release history", "Version 3.0 (2023) introduced support for right-to-left scripts and a new layout engine."),
            ("Open Typesetting Foundation", "Member projects", "In 2024 the foundation accepted Quillmark as a hosted project."),
        ],
        adds=[
            ("Version 3.0, released in 2023, added support for right-to-left scripts.", [0]),
            ("Since 2024 the project has been hosted by the Open Typesetting Foundation.", [1]),
        ],
        mods={1: "It was first released in 2014 and is written in C++ and Rust."},
    ),
    dict(
        key="marianne_holt",
        src=[
            "SS Marianne Holt was a cargo steamship built in Glasgow in 1921.",
            "She was operated by the Holt & Sons line on the route between Liverpool and Montevideo.",
            "In 1940 she was requisitioned by the Ministry of War Transport.",
        ],
        ev=[
            ("List of shipwrecks in March 1942", "14 March", "Marianne Holt struck a mine off the Norfolk coast and sank; 11 of her crew were lost."),
        ],
        adds=[
            ("She struck a mine and sank off the Norfolk coast on 14 March 1942, with the loss of 11 crew.", [0]),
        ],
        mods={},
    ),
    dict(
        key="kamiyubara",
        src=[
            "Kamiyubara (上湯原村) was a village in the mountains of central Japan.",
            "The village was known for its terraced rice fields and a small hot spring.",
            "Its population was 2,314 at the 2015 census.",
        ],
        ev=[
            ("Yubara, Japan", "History", "The town of Yubara (湯原町) was created on 1 April 2021 by merging Kamiyubara and Shimoyubara."),
        ],
        adds=[
            ("On 1 April 2021 it merged with neighbouring Shimoyubara to form the town of Yubara (湯原町).", [0]),
        ],
        mods={0: "Kamiyubara (上湯原村) is a former village in the mountains of central Japan."},
    ),
    dict(
        key="iskele_camii",
        src=[
            "İskele Camii is a small Ottoman mosque in the coastal town of Yalıçam.",
            "It was built in 1787 with funds from a local olive merchant.",
            "The mosque has a single dome and a short stone minaret.",
        ],
        ev=[
            ("Yalıçam", "Landmarks", "Between 2015 and 2017 the İzmir Heritage Foundation restored the mosque, replacing its lead roof."),
        ],
        adds=[
            ("The mosque was restored by the İzmir Heritage Foundation between 2015 and 2017.", [0]),
        ],
        mods={},
    ),
    dict(
        key="dorran_cryostat",
        src=[
            "The Dorran cryostat is a dilution refrigerator used for low-temperature physics experiments.",
            "It was designed at the University of Aldmoor in the 1990s.",
            "The instrument can cool samples to below 4 \u212a within a day.",
        ],
        ev=[
            ("University of Aldmoor", "Research", "In 2020 a team using the upgraded Dorran cryostat reported a base temperature of 7 m\u212a."),
        ],
        adds=[
            ("After an upgrade, it reached a base temperature of 7 mK in 2020.", [0]),
        ],
        mods={},
    ),
    dict(
        key="dar_al_nakhil",
        src=[
            "Dar al-Nakhil (دار النخيل) is a historic house in the old quarter of the port city of Qasirah.",
            "It was built in ١٨٩٥ (1895) by a pearl merchant.",
            "The house is noted for its carved teak doors and wind towers.",
        ],
        ev=[
            ("Qasirah", "Museums", "Since ٢٠١٨ the restored Dar al-Nakhil has housed the city's maritime museum."),
        ],
        adds=[
            ("Since ٢٠١٨ (2018) the house has been home to the city's maritime museum.", [0]),
        ],
        mods={},
    ),
    dict(
        key="harold_fenwick",
        src=[
            "Harold B. Fenwick Jr. (1921–1988) was a U.S. politician from Ohio.",
            "He served in the U.S. Army during World War II.",
            "He was elected to the Ohio House of Representatives in 1952.",
        ],
        ev=[
            ("Ohio's 14th congressional district", "Representatives", "[HEADER] [COL] Member [COL] Party [COL] Years [ROW] [COL] Harold B. Fenwick Jr. [COL] Republican [COL] 1961–1971"),
        ],
        adds=[
            ("From 1961 to 1971 he represented Ohio's 14th district in the U.S. House of Representatives.", [0]),
        ],
        mods={},
    ),
    dict(
        key="glowworm_festival",
        src=[
            "The Glowworm Festival 🌟 is an annual night market held in the town of Rennick.",
            "It takes place over three nights in late August.",
            "Stalls sell local food, crafts and lanterns.",
        ],
        ev=[
            ("Rennick", "Events", "The 2023 edition of the festival drew about 40,000 visitors, the largest attendance in its history."),
        ],
        adds=[
            ("The 2023 festival attracted about 40,000 visitors 🎉, a record.", [0]),
        ],
        mods={},
    ),
    dict(
        key="dana_okoro",
        src=[
            "Dana Okoro is a British actress of Nigerian descent.",
            "She trained at a drama school in Bristol.",
            "She began her career in regional theatre.",
        ],
        ev=[
            ("Dana Okoro", "Filmography", "[HEADER] [COL] Year [COL] Title [COL] Role [ROW] [COL] 2012 [COL] Salt Roads [COL] Amaka [ROW] [COL] 2015 [COL] The Long Hour [COL] Nurse Bello"),
        ],
        adds=[
            ("She made her film debut as Amaka in the drama Salt Roads (2012).", [0]),
            ("In 2015 she played Nurse Bello in The Long Hour.", [0]),
        ],
        mods={},
    ),
    dict(
        key="lake_sorrin",
        src=[
            "Lake Sorrin is a glacial lake in the northern uplands of Tavland.",
            "It covers an area of 12.4\u00a0km² and has a maximum depth of 63\u00a0m.",
            "The lake is fed by the Brenn and Kolle streams.",
            "Its outflow forms the headwaters of the Sorr River.",
        ],
        ev=[
            ("Tavland Fisheries Board", "Stocking", "Arctic char were reintroduced to Lake Sorrin in 2009 after an absence of nearly a century."),
            ("Sorrin Water Scheme", "Overview", "Since 1998 the lake has supplied drinking water to about 80,000 people in the lowland towns."),
        ],
        adds=[
            ("Arctic char were reintroduced to the lake in 2009.", [0]),
            ("Since 1998 it has supplied drinking water to about 80,000 people.", [1]),
        ],
        mods={},
    ),
    dict(
        key="margit_vass",
        src=[
            "Margit Vass (1931–2004) was a Hungarian chess player and author.",
            "She won the national women's championship three times.",
            "She was awarded the title of Woman International Master in 1957.",
        ],
        ev=[
            ("Chess Olympiad 1966", "Women's event", "Hungary took the bronze medal, with Vass scoring 7.5 points from 10 games on the second board."),
        ],
        adds=[
            ("At the 1966 Women's Chess Olympiad she scored 7.5/10 on board two, helping Hungary win bronze.", [0]),
        ],
        mods={},
    ),
]

TOPIC = {t["key"]: t for t in TOPICS}

# Pools for templated filler sentences (long and random cases).
PLACES = [
    "Aldmoor", "Brenley", "Castor Vale", "Dunmere", "Esk Hollow", "Fennick",
    "Garrow", "Holmsby", "Istrin", "Jorvale", "Kestwick", "Lorne Ferry",
    "Marrow Bay", "Nettlefield", "Orrin", "Pellam", "Quarrendon", "Rosk",
    "Sallow Point", "Tarnby", "Ulden", "Varrick", "Wexmoor", "Yelland",
]
ORGS = [
    "county council", "railway company", "diocese", "university",
    "harbour board", "water authority", "historical society", "museum trust",
    "mining company", "agricultural college", "botanical society",
    "chamber of commerce", "fire brigade", "lifeboat institution",
]
FACILITIES = [
    "library", "railway station", "grammar school", "hospital", "lighthouse",
    "market hall", "observatory", "brewery", "paper mill", "swimming bath",
    "concert hall", "ferry terminal", "tram depot", "cottage hospital",
]
ADJS = [
    "small", "new", "larger", "temporary", "modern", "wooden", "brick",
    "two-storey", "short-lived", "well-known", "experimental", "municipal",
    "private", "disused", "restored",
]
NOUNS = [
    "chapel", "windmill", "canal", "bridge", "manor house", "quarry",
    "viaduct", "hill fort", "tithe barn", "market cross", "weir", "sluice",
    "burial mound", "coaching inn", "signal box",
]
PERSONS = [
    "Agnes Whitlow", "Bernhard Koll", "Cecily Marsh", "Dmitri Orlan",
    "Edith Pryce", "Frans van Loon", "Greta Holm", "Hugh Tallis",
    "Ines Carvalho", "Jonas Brandt", "Kasia Nowel", "Leopold Fischer",
    "Maud Ellery", "Niall Quinlan", "Olga Serin", "Pieter Raes",
]
ROLES = [
    "chairman", "chief engineer", "director", "president", "secretary",
    "treasurer", "head librarian", "curator", "principal", "warden",
]
VERBS = ["opened", "built", "acquired", "closed", "enlarged", "sold", "rebuilt", "demolished"]
MISC_WORDS = [
    "the", "of", "and", "a", "in", "was", "later", "also", "first", "town",
    "river", "new", "old", "its", "north", "south", "year", "local", "main",
    "church", "station", "road", "several", "early", "between", "during",
    "former", "royal", "public", "became", "remained", "largely", "partly",
]
SYNONYMS = {
    "built": "constructed", "opened": "inaugurated", "small": "little",
    "closed": "shut", "new": "recent", "about": "around", "began": "started",
    "large": "big", "town": "village", "founded": "established",
    "received": "got", "later": "afterwards", "during": "throughout",
    "recorded": "documented", "restored": "renovated", "premiered": "performed",
    "village": "hamlet", "century": "era", "record": "high",
}

TEMPLATES = [
    "In {year} the {org} {verb} a {adj} {facility} in {place}.",
    "The {facility} in {place} was rebuilt in {year} after a fire.",
    "{person} served as {role} of the {org} from {year} to {year2}.",
    "According to the {year} census, {place} had a population of {num}.",
    "The {noun} near {place} is {small} m long and was restored in {year}.",
    "A {adj} {noun} was discovered near {place} during excavations in {year}.",
    "{person} published a study of the {noun} at {place} in {year}.",
    "The {org} of {place} {verb} the {noun} in {year} for {num} pounds.",
    "By {year} the {facility} employed {small} people, most of them from {place}.",
    "{person} was born in {place} in {year} and moved to {place2} as a child.",
]


def templated_sentence(rng):
  year = rng.randint(1700, 2023)
  return rng.choice(TEMPLATES).format(
      year=year,
      year2=year + rng.randint(1, 40),
      org=rng.choice(ORGS),
      verb=rng.choice(VERBS),
      adj=rng.choice(ADJS),
      facility=rng.choice(FACILITIES),
      place=rng.choice(PLACES),
      place2=rng.choice(PLACES),
      person=rng.choice(PERSONS),
      role=rng.choice(ROLES),
      noun=rng.choice(NOUNS),
      num="{:,}".format(rng.randint(200, 250000)),
      small=rng.randint(3, 900),
  )


# ---------------------------------------------------------------------------
# Building blocks for gold / pred lines
# ---------------------------------------------------------------------------

def build_inputs(src, ev, preamble=None):
  """FRUIT-style inputs: "[0] s0 [1] s1 [CONTEXT] (0) Title Section text"."""
  parts = []
  if preamble:
    parts.append(preamble)
  parts += ["[%d] %s" % (i, s) for i, s in enumerate(src)]
  parts.append("[CONTEXT]")
  parts += ["(%d) %s %s %s" % (j, t, sec, x) for j, (t, sec, x) in enumerate(ev)]
  return " ".join(parts)


def refs(ids):
  return " ".join("(%d)" % i for i in ids)


def add_text(sentence, ev_ids):
  r = refs(ev_ids)
  return (r + " " + sentence) if r else sentence


def copies(n):
  return " ".join("[%d]" % i for i in range(n))


class GoldMaker:
  """Makes gold lines with normalized_* filled in by the reference."""

  def __init__(self, ref):
    self.ref = ref

  def gold(self, id_, inputs, targets, with_normalized=True, extra=None):
    row = {}
    if id_ is not None:
      row["id"] = id_
    row["inputs"] = inputs
    row["targets"] = targets
    if with_normalized:
      ni, nt = self.ref.normalize(inputs, targets)
      row["normalized_inputs"] = ni
      row["normalized_targets"] = nt
    if extra:
      row.update(extra)
    return row


def topic_inputs(t, preamble=None):
  return build_inputs(t["src"], t["ev"], preamble)


def topic_gold_targets(t, n_adds=None, mod=True):
  """Standard EDIT5 gold: copies, optional rewritten sentence, additions."""
  n = len(t["src"])
  adds = t["adds"] if n_adds is None else t["adds"][:n_adds]
  parts = []
  for i in range(n):
    if mod and i in t["mods"]:
      parts.append(t["mods"][i])
    else:
      parts.append("[%d]" % i)
  # Insert the first addition after the first sentence, the rest at the end.
  out = parts[:1]
  if adds:
    out.append(add_text(*adds[0]))
  out += parts[1:]
  for a in adds[1:]:
    out.append(add_text(*a))
  return " ".join(out)


# ---------------------------------------------------------------------------
# Mutations (random / long cases)
# ---------------------------------------------------------------------------

def mutate_sentence(rng, s, n_ops=None):
  words = s.split(" ")
  if n_ops is None:
    n_ops = rng.choice([1, 1, 1, 2, 2, 3])
  for _ in range(n_ops):
    op = rng.randrange(10)
    if op == 0 and len(words) > 2:  # swap adjacent words
      i = rng.randrange(len(words) - 1)
      words[i], words[i + 1] = words[i + 1], words[i]
    elif op == 1:  # insertion
      words.insert(rng.randrange(len(words) + 1), rng.choice(MISC_WORDS))
    elif op == 2 and len(words) > 3:  # deletion
      del words[rng.randrange(len(words))]
    elif op == 3:  # punctuation
      p = rng.randrange(5)
      if p == 0 and words[-1].endswith("."):
        words[-1] = words[-1][:-1]
      elif p == 1 and words[-1].endswith("."):
        words[-1] = words[-1][:-1] + "!"
      elif p == 2 and len(words) > 2:
        i = rng.randrange(len(words) - 1)
        if not words[i].endswith(","):
          words[i] += ","
      elif p == 3:
        words[-1] = words[-1] + ".."
      else:
        i = rng.randrange(len(words))
        words[i] = words[i].rstrip(",;")
    elif op == 4:  # numbers
      idx = [i for i, w in enumerate(words) if any(c.isdigit() for c in w)]
      if idx:
        i = rng.choice(idx)
        words[i] = "".join(
            str(rng.randrange(10)) if c.isdigit() else c for c in words[i])
      else:
        words.insert(rng.randrange(len(words) + 1), str(rng.randint(2, 1999)))
    elif op == 5:  # case change
      i = rng.randrange(len(words))
      w = words[i]
      words[i] = w.lower() if w[:1].isupper() else w.capitalize()
    elif op == 6:  # inflection (stemmer-sensitive)
      i = rng.randrange(len(words))
      w = words[i]
      if w.endswith("ed"):
        words[i] = w[:-2] + "ing"
      elif w.endswith("s") and len(w) > 4:
        words[i] = w[:-1]
      elif w.isalpha() and len(w) > 3:
        words[i] = w + "s"
    elif op == 7:  # synonym
      idx = [i for i, w in enumerate(words) if w.lower() in SYNONYMS]
      if idx:
        i = rng.choice(idx)
        words[i] = SYNONYMS[words[i].lower()]
    elif op == 8:  # duplicate a word
      i = rng.randrange(len(words))
      words.insert(i, words[i])
    else:  # replace a word by a place / person fragment
      i = rng.randrange(len(words))
      words[i] = rng.choice(PLACES).split(" ")[0]
  return " ".join(w for w in words if w != "")


# ---------------------------------------------------------------------------
# Case generation
# ---------------------------------------------------------------------------

def case_basic(gm):
  """One realistic example per topic; extra gold fields; EDIT5 preds."""
  gold, pred = [], []
  for k, t in enumerate(TOPICS):
    inputs = topic_inputs(t)
    tgt = topic_gold_targets(t)
    extra = {"generatable_surfaces": {"Q%d" % (100 + k): [t["src"][0].split(" ")[0]]}}
    gid = "basic-%02d-%s" % (k, t["key"])
    gold.append(gm.gold(gid, inputs, tgt, extra=extra))
    # Prediction: first addition paraphrased lightly, second dropped.
    rng = random.Random("basic-%d" % k)
    n = len(t["src"])
    parts = ["[0]"]
    s0, e0 = t["adds"][0]
    parts.append(add_text(mutate_sentence(rng, s0, 2), e0))
    parts += ["[%d]" % i for i in range(1, n)]
    pred.append({"id": gid, "targets": " ".join(parts)})
  return gold, pred


def case_unicode(gm):
  """Non-ASCII, unusual whitespace, Unicode digits; EDIT5 preds."""
  T = TOPIC
  ex = []  # (topic key, gold targets, pred targets)
  def tg(key, *a, **kw):
    return topic_gold_targets(T[key], *a, **kw)
  ex.append(("ilse_marwede", tg("ilse_marwede", 1, False),
             "[0] (0) Ihre fünfte Sinfonie „Tidewater“ wurde im Oktober 2012 in Kiel uraufgeführt. [1] [2] [3]"))
  ex.append(("ilse_marwede", "[0] (0) Her Symphony No. 5 « Tidewater » was premiered in Kiel in October 2012. [1] [2] [3]",
             "[0] (0) Her fifth symphony, “Tidewater”, was first performed in Kiel in Oktober 2012. [1] [2] [3]"))
  ex.append(("kamiyubara", tg("kamiyubara"),
             "[0] [1] [2] (0) 2021年4月1日、下湯原村と合併して湯原町となった。"))
  ex.append(("kamiyubara", "[0] [1] [2] (0) 2021年に湯原町の一部となった。",
             "[0] [1] [2] (0) 2021年に湯原町に編入された。"))
  ex.append(("kamiyubara", "[0] (0) 村は温泉で知られる。 [1] [2]",
             "[0] (0) 村は棚田で有名である。 [1] [2]"))
  ex.append(("iskele_camii", tg("iskele_camii"),
             "[0] [1] [2] (0) The mosque was restored by the Izmir Heritage Foundation between 2015 and 2017."))
  ex.append(("iskele_camii", tg("iskele_camii"),
             "[0] [1] [2] (0) İZMİR HERİTAGE FOUNDATİON restored the mosque in 2015–2017, Yalıçam."))
  ex.append(("dorran_cryostat", tg("dorran_cryostat"),
             "[0] [1] [2] (0) After an upgrade it reached 7 m\u212a (millikelvin) in 2020."))
  ex.append(("dorran_cryostat", "[0] [1] [2] (0) In 2020 it reached a base temperature of 7 m\u212a.",
             "[0] [1] [2] (0) In 2020 it reached a base temperature of 7 mK."))
  ex.append(("dar_al_nakhil", tg("dar_al_nakhil"),
             "[٠] [١] [٢] (٠) Since ٢٠١٨ (2018) the house has housed the maritime museum (متحف بحري)."))
  ex.append(("dar_al_nakhil", tg("dar_al_nakhil"),
             "[٢] [٣] [١] (٢) Since 2018 the house has been the city's maritime museum. [٠]"))
  ex.append(("dar_al_nakhil", "[0] [1] [2] (0) The house became the city's maritime museum in ٢٠١٨.",
             "[1٢] [𝟎] [𝟏] [𝟐] (०) The house became a museum in २०१८ (2018). [²] [①]"))
  ex.append(("glowworm_festival", tg("glowworm_festival"),
             "[0] [1] [2] (0) The 2023 festival 🌟 attracted about 40\u202f000 visitors, a record 🎉🎉."))
  ex.append(("glowworm_festival", "[0] [1] [2] (0) A café run by volunteers opened in 2022.",
             "[0] [1] [2] (0) A cafe\u0301 run by volunteers opened in 2022."))
  ex.append(("lake_sorrin", tg("lake_sorrin"),
             "[0] [1] [2] [3] (0) Arctic char were reintroduced\u00a0to the lake in 2009.\u00a0\u00a0(1) Since 1998 it has supplied drinking water to about 80,000\u00a0\u00a0people."))
  ex.append(("lake_sorrin", tg("lake_sorrin"),
             "[0] [1] [2] [3] (0) Arctic char were reintroduced\u3000to the lake in 2009.\u3000\u3000(1) Since 1998 it has\u2028supplied water to about 80,000 people."))
  ex.append(("lake_sorrin", "[0] (0) Arctic char were reintroduced\nto the lake in 2009. [1] (1) Since 1998 it has\nsupplied drinking water to about 80,000 people. [2] [3]",
             "[0] (0) Arctic char returned\nto the lake in 2009. [1] [2] (1) Since 1998 the lake has supplied\nwater to about 80 000\npeople. [3]"))
  ex.append(("lake_sorrin", "[0] [1] [2] [3] (1) Since 1998 it has supplied\tdrinking water\nto about 80,000 people.",
             "[0] [1] [2] [3] (1) Since 1998 it has\t\tsupplied drinking\u0085water to about\u0085\u008580,000 people\r\nin the lowlands.\rIt is popular with anglers."))
  ex.append(("fc_dorneck", tg("fc_dorneck"),
             "[０] [１] ＦＣ Dorneck 09 won the Verbandsliga in ２０２２–２３。 It is promoted. [2] [3]"))
  ex.append(("fc_dorneck", tg("fc_dorneck"),
             "\ufeff[0] [1] [2] [3] (1) Tomasz\u200bWilk has been head coach since July\u00a02021."))
  ex.append(("mount_areth", tg("mount_areth"),
             "[0] [1] (0) В марте 2020 года жители двух деревень были эвакуированы. [2] [3] (1) Извержения не последовало."))
  ex.append(("mount_areth", tg("mount_areth"),
             "[0] [1] (0) In March 2020 seismic unrest beneath the volcano led to the evacuation of two villages,\rTarn and Wyle. [2] [3] (1) No eruption followed\x0band residents returned after six weeks."))
  ex.append(("margit_vass", tg("margit_vass"),
             "[0] [1] [2] (0) At the 1966 Women’s Chess Olympiad she scored 7½/10 on board two — Hungary won bronze 🥉."))
  ex.append(("marianne_holt", tg("marianne_holt"),
             "[0] [1] [2] (0) She struck a mine and sank off the Norfolk coast on 14\u2009March\u20091942, with the loss of 11 crew.\u2029Her wreck lies in 30\u00a0m of water."))
  ex.append(("quillmark", tg("quillmark"),
             "[0] (0) Version 3.0 (2023) added support for right-to-left scripts such as العربية and עברית. [1] [2] [3] (1) Since 2024 the project has been hosted by the Open Typesetting Foundation."))
  gold, pred = [], []
  for n, (key, tgt, ptgt) in enumerate(ex):
    gid = "unicode-%02d" % n
    gold.append(gm.gold(gid, topic_inputs(T[key]), tgt))
    pred.append({"id": gid, "targets": ptgt})
  return gold, pred


def case_edit5(gm):
  """EDIT5 decoding quirks in predictions; file written with \\u escapes."""
  T = TOPIC
  vb = T["vellmar_bridge"]
  mh = T["marianne_holt"]
  ok = T["dana_okoro"]
  vb_in = topic_inputs(vb)
  mh_in = topic_inputs(mh)
  ok_in = topic_inputs(ok)
  vb_gold = topic_gold_targets(vb)
  mh_gold = topic_gold_targets(mh)
  ok_gold = topic_gold_targets(ok)
  a_mh = mh["adds"][0][0]
  a_ok0 = ok["adds"][0][0]
  a_ok1 = ok["adds"][1][0]
  ex = [
      # out-of-range copy tokens (3 source sentences)
      (mh_in, mh_gold, "[0] [1] [2] [7] (0) " + a_mh),
      (mh_in, mh_gold, "[3] [0] [1] [2] (0) " + a_mh + " [99999999999999999999]"),
      # repeated and out-of-order copy tokens
      (mh_in, mh_gold, "[0] [0] [1] [1] [2] (0) " + a_mh),
      (mh_in, mh_gold, "[2] [1] [0] (0) " + a_mh),
      (mh_in, mh_gold, "(0) " + a_mh + " [2] [0]"),
      # references to missing evidence and odd references
      (mh_in, mh_gold, "[0] [1] [2] (5) (17) " + a_mh),
      (mh_in, mh_gold, "[0] [1] [2] ((0)) " + a_mh),
      (mh_in, mh_gold, "[0] [1] [2] (0)(1)(2)" + a_mh + "(0)"),
      (mh_in, mh_gold, "[0] [1] [2] ( 0) " + a_mh + " (0 )"),
      # real parenthesised numbers in generated text are eaten by normalize
      (ok_in, ok_gold, "[0] (0) She made her film debut as Amaka in Salt Roads (2012). [1] [2] (0) In (2015) she played Nurse Bello in The Long Hour."),
      (ok_in, ok_gold, "[0] (0) Dana Okoro (born 1990) made her debut in Salt Roads ( 2012 ) and The Long Hour (2015 film). [1] [2]"),
      # malformed copy tokens
      (vb_in, vb_gold, "[0] (0) In 2019 the bridge was closed to cars. [01] [002] [ 3] [4 ] [+4] [-1] [1.0]"),
      (vb_in, vb_gold, "[[0]] (0) In 2019 the bridge was closed to cars.[1][2][3][4]"),
      (vb_in, vb_gold, "[0]In 2019 the bridge was closed[1]to motor vehicles.[2] [3] [4]"),
      # whitespace around delimiters
      (vb_in, vb_gold, "  [0]\n(0)\tIn 2019 the bridge was closed to motor vehicles after inspectors found cracks in the central arch.\n\n[1]   [3]\t[4]  (1)  A restoration began in 2021.  "),
      # empty and degenerate predictions
      (vb_in, vb_gold, ""),
      (vb_in, vb_gold, "   "),
      (vb_in, vb_gold, "[0] [1] [2] [3] [4]"),
      (vb_in, vb_gold, "(0) (1)"),
      (vb_in, vb_gold, "[CONTEXT] (0) Halden Cross Transport Engineers found cracks."),
      # exact copy of the gold edit
      (vb_in, vb_gold, vb_gold),
      # prediction that rewrites copied sentences verbatim
      (vb_in, vb_gold, " ".join(vb["src"][:1]) + " (0) " + vb["adds"][0][0] + " " + " ".join(vb["src"][1:])),
      # source with text before [0], an empty source sentence and a literal [3]
      ("A preamble without a delimiter. [0] Dana Okoro is an actress. [1] [2] She appeared in Salt Roads [3] and on stage. [CONTEXT] (0) Dana Okoro Filmography [HEADER] [COL] Year [COL] Title [ROW] [COL] 2012 [COL] Salt Roads",
       "[0] [1] [2] [3] (0) " + a_ok0,
       "[0] [1] [2] [3] [4] (0) " + a_ok0 + " A preamble without a delimiter."),
      # source delimiters that are not 0..n-1 (copy tokens index by position)
      ("[3] Dana Okoro is a British actress. [5] She trained in Bristol. [9] She began in regional theatre. [CONTEXT] (0) Dana Okoro Filmography [HEADER] [COL] Year [COL] Title [ROW] [COL] 2015 [COL] The Long Hour",
       "[0] [1] [2] (0) " + a_ok1,
       "[3] [5] [9] (0) " + a_ok1),
      # Unicode digits in source delimiters
      ("[٠] Dana Okoro is a British actress. [١] She trained in Bristol. [٢] She began in regional theatre. [CONTEXT] (٠) Dana Okoro Filmography [HEADER] [COL] Year [COL] Title [ROW] [COL] 2015 [COL] The Long Hour",
       "[0] [1] [2] (0) " + a_ok1,
       "[٠] [١] [2] (٠) " + a_ok1.replace("2015", "٢٠١٥")),
      # mathematical and fullwidth digits in delimiters; non-Nd numerals
      (ok_in, ok_gold, "[𝟎] (𝟎) " + a_ok0 + " [１] [２] (0) " + a_ok1 + " [Ⅲ] [³] (②)"),
  ]
  gold, pred = [], []
  for n, (inp, tgt, ptgt) in enumerate(ex):
    gid = "edit5-%02d" % n
    gold.append(gm.gold(gid, inp, tgt))
    pred.append({"id": gid, "targets": ptgt})
  return gold, pred


def case_quirks(gm):
  """extract_additions / ROUGE quirks; predictions as normalized_targets."""
  T = TOPIC
  ref = gm.ref
  ex = []  # (topic or (inputs), gold targets, pred normalized_targets)
  def norm(key, edit):
    return ref.normalize(topic_inputs(T[key]), edit)[1]
  hf = T["harold_fenwick"]
  hf_gold = topic_gold_targets(hf)
  ex.append(("harold_fenwick", hf_gold, norm("harold_fenwick", "[0] [1] [2] He represented Ohio in the U.S. Congress from 1961 to 1971.")))
  ex.append(("harold_fenwick", hf_gold, norm("harold_fenwick", "[0] [1] [2] Harold B. Fenwick Jr. was elected to the U.S. House in 1960 and re-elected four times.")))
  ex.append(("quillmark", "[0] [1] [2] [3] (0) Version 3.0 supports several scripts, e.g. Arabic and Hebrew.",
             norm("quillmark", "[0] [1] [2] [3] Version 3.0 supports e.g. Hebrew, i.e. right-to-left text, etc.")))
  ex.append(("ilse_marwede", topic_gold_targets(T["ilse_marwede"]),
             norm("ilse_marwede", "[0] Her Symphony No. 5 premiered in 2012. [1] [2] [3] She was a professor in Rostock from 2016.")))
  ex.append(("margit_vass", topic_gold_targets(T["margit_vass"]),
             norm("margit_vass", "[0] [1] [2] At the 1966 Olympiad she scored 7.5 points in 10 games... Hungary won bronze.")))
  ex.append(("glowworm_festival", "[0] [1] [2] The festival grew... and grew. (0) In 2023 it had about 40,000 visitors.",
             norm("glowworm_festival", "[0] [1] [2] The festival grew.. and grew. In 2023 it had about 40.000 visitors.")))
  # Reordered source sentences: the leading-space substring test in
  # extract_additions turns a copied sentence into an "addition".
  mh = T["marianne_holt"]
  ex.append(("marianne_holt", topic_gold_targets(mh), norm("marianne_holt", "[1] [0] [2] (0) " + mh["adds"][0][0])))
  ex.append(("marianne_holt", "[0] [1] [2]", norm("marianne_holt", "[1] [0] [2]")))
  ex.append(("marianne_holt", "[0] [1] [2]", norm("marianne_holt", "[0] [2] [1]")))
  # A gold edit that writes out a source sentence instead of copying it.
  vb = T["vellmar_bridge"]
  ex.append(("vellmar_bridge", "[1] [0] " + vb["src"][4] + " [2] [3]", norm("vellmar_bridge", "[0] [1] [2] [3] [4]")))
  # Whitespace at the ends of a prediction (not produced by normalize).
  ex.append(("marianne_holt", "[0] [1] [2]", norm("marianne_holt", "[0] [1] [2]") + "   "))
  ex.append(("marianne_holt", "[0] [1] [2]", "   " + norm("marianne_holt", "[0] [1] [2]")))
  ex.append(("marianne_holt", topic_gold_targets(mh), norm("marianne_holt", "[0] [1] [2]") + "  " + mh["adds"][0][0] + "\n"))
  # Additions that contain no ROUGE tokens at all.
  ex.append(("marianne_holt", "[0] [1] [2]", norm("marianne_holt", "[0] [1] [2]") + " - ."))
  ex.append(("marianne_holt", "[0] [1] [2]", norm("marianne_holt", "[0] [1] [2]") + " \u200b"))
  ex.append(("marianne_holt", "[0] [1] [2]", norm("marianne_holt", "[0] [1] [2]") + " ... . !"))
  # Blank lines and CRLF: rougeLsum drops empty lines.
  ls = T["lake_sorrin"]
  ls_gold = "[0] (0) Arctic char were reintroduced to the lake\nin 2009 after a long absence. [1] [2] [3] (1) Since 1998 it has supplied\ndrinking water\nto about 80,000 people."
  ex.append(("lake_sorrin", ls_gold, norm("lake_sorrin", "[0] [1] [2] [3]") + " Arctic char returned\n\nin 2009.\n\n\nThe lake supplies\r\ndrinking water to 80,000 people\r\n"))
  ex.append(("lake_sorrin", ls_gold, norm("lake_sorrin", "[0] [1] [2] [3]") + " water water water\nthe the lake lake\ndrinking water to\nto about about 80,000"))
  # Case, order, inflection, number formatting.
  gt = topic_gold_targets(ls)
  gn = ref.normalize(topic_inputs(ls), gt)[1]
  ex.append(("lake_sorrin", gt, gn.lower()))
  ex.append(("lake_sorrin", gt, norm("lake_sorrin", "[0] (0) 2009 in lake the to reintroduced were char Arctic. [1] [2] [3] (1) People 80,000 about to water drinking supplied has it 1998 since.")))
  ex.append(("lake_sorrin", gt, norm("lake_sorrin", "[0] (0) Arctic chars are being reintroduced to the lakes in 2009. [1] [2] [3] (1) Since 1998 it supplies drinking waters to about 80000 peoples.")))
  ex.append(("harold_fenwick", hf_gold, norm("harold_fenwick", "[0] [1] [2] From 1961 to 1971 he represented Ohios 14th district in the US House of Representatives, being reelected.")))
  # Identical prediction, and identical plus a trailing newline.
  ex.append(("lake_sorrin", gt, gn))
  ex.append(("lake_sorrin", gt, gn + "\n"))
  # Period at the very start; parentheses kept because no normalize is applied.
  ok = T["dana_okoro"]
  ok_gold = topic_gold_targets(ok)
  ex.append(("dana_okoro", ok_gold, ". " + norm("dana_okoro", "[0] [1] [2]") + " She debuted in Salt Roads (2012) and starred in The Long Hour (2015)."))
  ex.append(("dana_okoro", ok_gold, norm("dana_okoro", ok_gold).replace("(2012)", "") + " (0) (1)"))
  # Very long single tokens and a sentence of only numbers.
  ex.append(("quillmark", "[0] [1] [2] [3] (0) " + "Supercalifragilisticexpialidocious" * 8 + " rendering arrived in 2023.",
             norm("quillmark", "[0] [1] [2] [3] " + "supercalifragilisticexpialidocious" * 8 + " rendering arrived 2023 2023 2023.")))
  ex.append(("mount_areth", "[0] [1] [2] [3] (0) 2020 2020 03 14 1 742 6.", norm("mount_areth", "[0] [1] [2] [3] 2020 03 2020 14 1,742 6 6.")))
  gold, pred = [], []
  for n, (key, tgt, pnt) in enumerate(ex):
    gid = "quirks-%02d" % n
    gold.append(gm.gold(gid, topic_inputs(T[key]), tgt))
    pred.append({"id": gid, "normalized_targets": pnt})
  return gold, pred


def case_empty(gm):
  """Empty predictions, copy-only golds and predictions; normalized preds."""
  T = TOPIC
  ref = gm.ref
  def norm(key, edit):
    return ref.normalize(topic_inputs(T[key]), edit)[1]
  vb = T["vellmar_bridge"]
  kb = T["kamiyubara"]
  ex = [
      ("vellmar_bridge", topic_gold_targets(vb), ""),
      ("vellmar_bridge", copies(5), norm("vellmar_bridge", copies(5))),
      ("vellmar_bridge", copies(5), ""),
      ("vellmar_bridge", "", ""),
      ("vellmar_bridge", "", norm("vellmar_bridge", copies(5))),
      ("vellmar_bridge", copies(5), norm("vellmar_bridge", copies(5) + " A new footbridge opened in 2022.")),
      ("vellmar_bridge", topic_gold_targets(vb), "   "),
      ("vellmar_bridge", topic_gold_targets(vb), "\n"),
      ("vellmar_bridge", "[0] [2] [4]", norm("vellmar_bridge", copies(5))),
      ("vellmar_bridge", "[0] [2] [4]", "."),
      ("vellmar_bridge", copies(5), "..."),
      ("kamiyubara", "[0] [1] [2] (0) 村は温泉で知られる。", ""),
      ("kamiyubara", "[0] [1] [2] (0) 村は温泉で知られる。", norm("kamiyubara", "[0] [1] [2] 村は棚田で知られる。")),
      ("kamiyubara", copies(3), norm("kamiyubara", copies(3) + " 村は棚田で知られる。")),
  ]
  gold, pred = [], []
  for n, (key, tgt, pnt) in enumerate(ex):
    gid = "empty-%02d" % n
    gold.append(gm.gold(gid, topic_inputs(T[key]), tgt))
    pred.append({"id": gid, "normalized_targets": pnt})
  return gold, pred


def case_noids(gm):
  """No ids anywhere: matched by line order; normalized preds."""
  gold, pred = [], []
  ref = gm.ref
  for n, key in enumerate(["nebria_kaltensis", "mount_areth", "quillmark", "dana_okoro",
                           "nebria_kaltensis", "lake_sorrin", "margit_vass", "fc_dorneck"]):
    t = TOPIC[key]
    inputs = topic_inputs(t)
    tgt = topic_gold_targets(t, n_adds=1 + n % 2)
    gold.append(gm.gold(None, inputs, tgt))
    rng = random.Random("noids-%d" % n)
    ptgt = tgt
    for s, _ in t["adds"]:
      ptgt = ptgt.replace(s, mutate_sentence(rng, s, 1 + n % 3))
    pred.append({"normalized_targets": ref.normalize(inputs, ptgt)[1]})
  return gold, pred


def case_shuffled(gm):
  """Pred lines carry ids in shuffled order; EDIT5 preds."""
  rng = random.Random("shuffled")
  gold, pred = [], []
  for n in range(15):
    t = TOPICS[(n * 7) % len(TOPICS)]
    inputs = topic_inputs(t)
    tgt = topic_gold_targets(t, mod=(n % 3 == 0))
    gid = "%08x" % rng.getrandbits(32)
    gold.append(gm.gold(gid, inputs, tgt))
    s, e = t["adds"][-1]
    ptgt = copies(len(t["src"])) + " " + add_text(mutate_sentence(rng, s), e)
    pred.append({"id": gid, "targets": ptgt})
  rng.shuffle(pred)
  return gold, pred


def case_missing_normalized(gm):
  """Gold lines without normalized_* fields; EDIT5 preds."""
  gold, pred = [], []
  picks = ["vellmar_bridge", "iskele_camii", "dar_al_nakhil", "lake_sorrin", "harold_fenwick", "glowworm_festival"]
  for n, key in enumerate(picks):
    t = TOPIC[key]
    inputs = topic_inputs(t)
    tgt = topic_gold_targets(t)
    gid = "nonorm-%d" % n
    gold.append(gm.gold(gid, inputs, tgt, with_normalized=False))
    rng = random.Random("nonorm-%d" % n)
    s, e = t["adds"][0]
    ptgt = "[0] " + add_text(mutate_sentence(rng, s), e) + " " + " ".join(
        "[%d]" % i for i in range(1, len(t["src"])))
    if n == 3:
      ptgt = tgt  # exact
    pred.append({"id": gid, "targets": ptgt})
  return gold, pred


def case_random(gm, n_examples=300):
  """Seeded random examples with mutated predictions; EDIT5 preds."""
  rng = random.Random(20240607)
  gold, pred = [], []
  for n in range(n_examples):
    t = rng.choice(TOPICS)
    # Source: the topic's sentences, sometimes plus templated filler.
    src = list(t["src"])
    for _ in range(rng.choice([0, 0, 1, 2, 4])):
      src.insert(rng.randrange(len(src) + 1), templated_sentence(rng))
    # Evidence: the topic's evidence plus distractors, shuffled.
    ev = list(t["ev"])
    for _ in range(rng.choice([0, 1, 2])):
      other = rng.choice(TOPICS)
      ev.append(rng.choice(other["ev"]))
    order = list(range(len(ev)))
    rng.shuffle(order)
    ev_sh = [ev[i] for i in order]
    pos_of = {old: new for new, old in enumerate(order)}
    inputs = build_inputs(src, ev_sh)
    # Additions: the topic's own plus templated ones.
    adds = [(s, [pos_of[i] for i in ids]) for s, ids in t["adds"]]
    rng.shuffle(adds)
    adds = adds[:rng.choice([1, 1, 2, 2, 3])]
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
      adds.append((templated_sentence(rng), [rng.randrange(len(ev_sh))]))
    for j, (s, ids) in enumerate(adds):  # some gold additions span two lines
      words = s.split(" ")
      if rng.random() < 0.12 and len(words) > 3:
        k = rng.randrange(1, len(words) - 1)
        adds[j] = (" ".join(words[:k]) + "\n" + " ".join(words[k:]), ids)
    kind = rng.random()
    tokens = []  # list of ("copy", i) / ("text", str)
    for i in range(len(src)):
      r = rng.random()
      if r < 0.85:
        tokens.append(("copy", i))
      elif r < 0.93:
        continue
      else:
        tokens.append(("text", mutate_sentence(rng, src[i])))
    if kind < 0.04:
      pass  # gold with no additions at all
    else:
      for s, ids in adds:
        text = add_text(s, ids if rng.random() < 0.85 else [])
        tokens.insert(rng.randrange(len(tokens) + 1), ("text", text))
    def render(toks):
      return " ".join("[%d]" % v if k == "copy" else v for k, v in toks)
    tgt = render(tokens)
    # Prediction.
    p = [tok for tok in tokens]
    mode = rng.random()
    if mode < 0.12:
      pass  # exact
    elif mode < 0.15:
      p = []
    elif mode < 0.20:
      p = [("copy", i) for i in range(len(src))]
    else:
      for _ in range(rng.choice([1, 2, 2, 3, 4])):
        op = rng.randrange(9)
        texts = [j for j, tok in enumerate(p) if tok[0] == "text"]
        cps = [j for j, tok in enumerate(p) if tok[0] == "copy"]
        if op <= 2 and texts:  # mutate an added sentence
          j = rng.choice(texts)
          p[j] = ("text", mutate_sentence(rng, p[j][1]))
        elif op == 3 and texts:  # drop an addition
          del p[rng.choice(texts)]
        elif op == 4:  # add a sentence from elsewhere
          other = rng.choice(TOPICS)
          s = rng.choice(other["adds"])[0] if rng.random() < 0.5 else templated_sentence(rng)
          p.insert(rng.randrange(len(p) + 1), ("text", "(%d) %s" % (rng.randrange(len(ev_sh) + 2), s)))
        elif op == 5 and cps:  # copy-token damage
          j = rng.choice(cps)
          r = rng.random()
          if r < 0.3:
            del p[j]
          elif r < 0.55:
            p.insert(j, p[j])
          elif r < 0.8:
            p[j] = ("copy", rng.randrange(len(src) + 3))
          else:
            k = rng.choice(cps)
            p[j], p[k] = p[k], p[j]
        elif op == 6 and texts:  # newline inside an addition
          j = rng.choice(texts)
          words = p[j][1].split(" ")
          if len(words) > 3:
            k = rng.randrange(1, len(words) - 1)
            p[j] = ("text", " ".join(words[:k]) + "\n" + " ".join(words[k:]))
        elif op == 7 and texts:  # swap two additions / move an addition
          j = rng.choice(texts)
          tok = p.pop(j)
          p.insert(rng.randrange(len(p) + 1), tok)
        elif op == 8 and texts:  # evidence reference damage
          j = rng.choice(texts)
          s = p[j][1]
          if s.startswith("(") and rng.random() < 0.5:
            s = s.split(") ", 1)[-1]
          else:
            s = "(%d) %s" % (rng.randrange(len(ev_sh) + 3), s)
          p[j] = ("text", s)
    gid = "random-%03d" % n
    gold.append(gm.gold(gid, inputs, tgt))
    pred.append({"id": gid, "targets": render(p)})
  return gold, pred


def case_long(gm):
  """Two long examples (about 10k and 4.5k tokens per side); EDIT5 preds."""
  gold, pred = [], []
  # long-0: short source, ~10k tokens of additions on both sides, one line.
  rng = random.Random("long-0")
  t = TOPIC["vellmar_bridge"]
  inputs = topic_inputs(t)
  adds = []
  ntok = 0
  while ntok < 10000:
    s = templated_sentence(rng)
    adds.append(s)
    ntok += len(s.split(" "))
  tgt = copies(len(t["src"])) + " " + " ".join("(%d) %s" % (i % 3, s) for i, s in enumerate(adds))
  padds = []
  for s in adds:
    r = rng.random()
    if r < 0.08:
      continue
    if r < 0.45:
      s = mutate_sentence(rng, s)
    padds.append(s)
    if rng.random() < 0.05:
      padds.append(templated_sentence(rng))
  ptgt = copies(len(t["src"])) + " " + " ".join(padds)
  gold.append(gm.gold("long-0", inputs, tgt))
  pred.append({"id": "long-0", "targets": ptgt})
  # long-1: long source copied mostly; additions with single newlines so that
  # rougeLsum sees many sentences on both sides.
  rng = random.Random("long-1")
  src = [templated_sentence(rng) for _ in range(300)]
  ev = [("Archive %d" % i, "Notes", templated_sentence(rng)) for i in range(6)]
  inputs = build_inputs(src, ev)
  def with_newlines(s):
    w = s.split(" ")
    k = rng.randrange(1, len(w))
    return " ".join(w[:k]) + "\n" + " ".join(w[k:])
  toks = []
  gadds = []
  for i in range(len(src)):
    if rng.random() < 0.95:
      toks.append("[%d]" % i)
    if rng.random() < 0.25:
      a = with_newlines(templated_sentence(rng))
      gadds.append(a)
      toks.append("(%d) %s" % (rng.randrange(6), a))
  tgt = " ".join(toks)
  ptoks = []
  for tok in toks:
    if tok.startswith("["):
      if rng.random() < 0.97:
        ptoks.append(tok)
    else:
      r = rng.random()
      if r < 0.1:
        continue
      body = tok.split(") ", 1)[1]
      if r < 0.6:
        body = mutate_sentence(rng, body.replace("\n", " "))
        body = with_newlines(body) if len(body.split(" ")) > 1 else body
      ptoks.append(body)
  ptgt = " ".join(ptoks)
  gold.append(gm.gold("long-1", inputs, tgt))
  pred.append({"id": "long-1", "targets": ptgt})
  return gold, pred


# (case name, builder, ensure_ascii)
CASES = [
    ("basic", case_basic, False),
    ("unicode", case_unicode, False),
    ("edit5", case_edit5, True),
    ("quirks", case_quirks, False),
    ("empty", case_empty, False),
    ("noids", case_noids, False),
    ("shuffled", case_shuffled, False),
    ("missing_normalized", case_missing_normalized, False),
    ("random", case_random, False),
    ("long", case_long, False),
]


def generate_inputs(ref):
  gm = GoldMaker(ref)
  for name, builder, ascii_only in CASES:
    gold, pred = builder(gm)
    write_jsonl(os.path.join(CASES_DIR, name + ".gold.jsonl"), gold, ascii_only)
    write_jsonl(os.path.join(CASES_DIR, name + ".pred.jsonl"), pred, ascii_only)


# ---------------------------------------------------------------------------
# Expected values (the official per-example definition)
# ---------------------------------------------------------------------------

def _pct(score):
  return {
      "precision": float(score.precision) * 100.0,
      "recall": float(score.recall) * 100.0,
      "fmeasure": float(score.fmeasure) * 100.0,
  }


def score_example(ref, gold, pred, use_stemmer):
  if "normalized_inputs" in gold and "normalized_targets" in gold:
    g_ni, g_nt = gold["normalized_inputs"], gold["normalized_targets"]
  else:
    g_ni, g_nt = ref.normalize(gold["inputs"], gold["targets"])
  if "normalized_targets" in pred:
    p_nt = pred["normalized_targets"]
  else:
    p_nt = ref.normalize(gold["inputs"], pred["targets"])[1]

  target_additions = " ".join(ref.extract_additions(g_ni, g_nt))
  prediction_additions = " ".join(ref.extract_additions(g_ni, p_nt))

  upd_scorer = ref.rouge_scorer.RougeScorer(
      ["rouge1", "rouge2", "rougeLsum"], use_stemmer=use_stemmer)
  full_scorer = ref.rouge_scorer.RougeScorer(
      ["rouge1", "rouge2", "rougeL"], use_stemmer=use_stemmer)

  out = {
      "normalized_targets": p_nt,
      "target_additions": target_additions,
      "prediction_additions": prediction_additions,
  }
  upd = upd_scorer.score(target=target_additions, prediction=prediction_additions)
  if target_additions.strip() or prediction_additions.strip():
    for k in ("rouge1", "rouge2", "rougeLsum"):
      out["update_" + k] = _pct(upd[k])
  else:
    for k in ("rouge1", "rouge2", "rougeLsum"):
      out["update_" + k] = {"precision": 100.0, "recall": 100.0, "fmeasure": 100.0}
  full = full_scorer.score(target=g_nt, prediction=p_nt)
  for k in ("rouge1", "rouge2", "rougeL"):
    out[k] = _pct(full[k])
  out["exact_match"] = 100 if g_nt == p_nt else 0
  return out


def match_predictions(gold_rows, pred_rows):
  if len(gold_rows) != len(pred_rows):
    raise ValueError("gold/pred line counts differ")
  if all("id" in g for g in gold_rows) and all("id" in p for p in pred_rows):
    by_id = {p["id"]: p for p in pred_rows}
    if len(by_id) != len(pred_rows):
      raise ValueError("duplicate prediction ids")
    return [by_id[g["id"]] for g in gold_rows]
  return list(pred_rows)


def case_names():
  names = []
  for fn in sorted(os.listdir(CASES_DIR)):
    if fn.endswith(".gold.jsonl"):
      names.append(fn[:-len(".gold.jsonl")])
  return names


def compute_expected(ref, only=None):
  for name in case_names():
    if only and name not in only:
      continue
    gold_rows = read_jsonl(os.path.join(CASES_DIR, name + ".gold.jsonl"))
    pred_rows = read_jsonl(os.path.join(CASES_DIR, name + ".pred.jsonl"))
    preds = match_predictions(gold_rows, pred_rows)
    for use_stemmer, suffix in ((False, ".jsonl"), (True, ".stem.jsonl")):
      rows = []
      for n, (g, p) in enumerate(zip(gold_rows, preds)):
        row = {"id": g["id"] if "id" in g else str(n)}
        row.update(score_example(ref, g, p, use_stemmer))
        rows.append(row)
      write_jsonl(os.path.join(EXPECTED_DIR, name + suffix), rows)
    print("%-20s %4d examples" % (name, len(gold_rows)), file=sys.stderr)


# ---------------------------------------------------------------------------
# normalize() / extract_additions() probes
# ---------------------------------------------------------------------------

# Every character Python's re \s and str.strip() treat as whitespace, plus a
# few look-alikes that are NOT whitespace to Python.
PY_SPACES = [
    "\t", "\n", "\x0b", "\x0c", "\r", "\x1c", "\x1d", "\x1e", "\x1f", " ",
    "\x85", "\xa0", "\u1680", "\u2000", "\u2001", "\u2002", "\u2003",
    "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a",
    "\u2028", "\u2029", "\u202f", "\u205f", "\u3000",
]
NOT_SPACES = ["\u200b", "\ufeff", "\u180e", "\u2060", "\u200d"]


def normalize_probe_pairs():
  S = "[0] Alpha one. [1] Beta two. [2] Gamma three. [CONTEXT] (0) Ev Sec text one (1) Ev2 Sec2 text two"
  pairs = []
  # Edits against a fixed source.
  for e in [
      "", "   ", "\n", "[0] [1] [2]", "[2] [1] [0]", "[0] [0] [0]", "[7]",
      "[0] [7] [1]", "[3]", "[99999999999999999999]", "[0] [99999999999999999999999999999999] [2]",
      "[01] [002]", "[ 1]", "[1 ]", "[-1]", "[+1]", "[1.0]", "[1a]", "[[1]]",
      "[0][1][2]", "text[1]text", "(0) New. [1]", "((1)) New.", "(1)(2) New.",
      "( 1) New (1 ) x", "(2012) was a year. (born 1950)", "New (0)(1)(2) text.",
      "[٠] [١] [٢]", "[۰] [۱]", "[०] [१]", "[０] [１]", "[𝟎] [𝟏]", "[১] [๒]",
      "[①]", "[²]", "[Ⅰ]", "[1٢]", "(٠) New.", "(１) x", "(𝟘) y", "[CONTEXT] [0]",
      "..", ".", ". New.", "New..", "New... more.", "...", "New.", "[0] .",
      "  [0]  \t (0)  New   text.  [1]  ", "[0]\n\n[1]", "[0] New\ntext. [1]",
      "[1] Alpha one.", "[0] Gamma three.", "[0] [1] one.", "[2] Alpha",
      "alpha one.", "[0] [1] [2] Alpha one. Beta two.", "Beta two. Alpha one.",
      "[0] U.S. No. 5 e.g. 3.5 Jr. done.", "[0] [1] [2]  .  ", "[2]. [1]. [0].",
      "[0] (0) New sentence. [1] (1) (0) Another new sentence. [2]",
      "(0)", "[0](0)[1](1)[2]", "[0] Alpha one", "[0] [1] [2] [CONTEXT]",
      "(99999999999999999999) New.", "[٣] [٢]", "[0] [1] [2] (0) Gamma three. Alpha one.",
  ]:
    pairs.append((S, e))
  # Source variants.
  for s, e in [
      ("[0] A. [1] B.", "[0] [1]"),
      ("[0] A. [1] B. [CONTEXT] x [CONTEXT] y", "[0] [1]"),
      ("[CONTEXT] (0) Ev Sec text", "[0] New."),
      ("[0] A. [1] B. [CONTEXT]", "[1] [0]"),
      ("[0] A. [1] B. [CONTEXT][CONTEXT]", "[1] [0]"),
      ("[0] A. [1] B. [context] (0) x", "[0]"),
      ("Intro text. [0] A. [1] B. [CONTEXT] (0) x", "[0] [1] New."),
      ("Intro text. [0] A. [1] B. [CONTEXT] (0) x", "Intro text. [0] [1]"),
      ("[0] A  a.  [1] B\t\tb. [CONTEXT] (0) x", "[0] [1]"),
      ("[3] A. [5] B. [CONTEXT] (0) x", "[0] [1] [3] [5]"),
      ("[0] [1] B. [2] C. [CONTEXT]", "[0] [1] [2] New."),
      ("[0] [1] [2] [CONTEXT]", "[0] [1] [2] New."),
      ("[ 0] A. [1] B. [CONTEXT]", "[0] [1]"),
      ("[0] A (1990) b. [1] B (2) c. [CONTEXT] (0) x", "[0] [1] (1) New (3) x."),
      ("[0] A\nb. [1] B. [CONTEXT] (0) x", "[0] [1] New\nc."),
      ("[٠] A. [١] B. [CONTEXT] (٠) x", "[1] [0]"),
      ("[99999999999999999999] A. [1] B. [CONTEXT] (0) x", "[0] [1]"),
      ("Just text without delimiters. [CONTEXT] (0) x", "[0] Just text. New."),
      ("Just text without delimiters. [CONTEXT] (0) x", "Just text without delimiters."),
      ("", "[0]"),
      ("[CONTEXT]", ""),
      ("[CONTEXT]", "New."),
      ("  [0]  A.  [1]  B.  [CONTEXT]  ", "  [0]  [1]  "),
      ("[0] A. [1] B. [2] A. [CONTEXT]", "[2] [0] A. B."),
      ("[0] The U.S. Army. [1] Mr. Smith Jr. left. [CONTEXT]", "[0] [1] Mr. Jones Jr. arrived. The U.S. Navy."),
      ("[0] Pi is 3.14 roughly. [1] E is 2.7. [CONTEXT]", "[0] [1] Tau is 6.28 roughly."),
      ("[0] Wait... what. [CONTEXT]", "[0] Wait... who."),
      ("[0] .Start. [1] End. [CONTEXT]", ".Start. [1] .. [0]."),
      ("[0] Word [1] other. [CONTEXT]", "[0] Word other."),
      ("[0] Ends without period [1] B. [CONTEXT]", "[1] [0] Ends without period"),
      ("[0] Café 上湯原 İzmir 4 \u212a 😀. [1] B. [CONTEXT]", "[0] [1] İzmir 7 m\u212a 😀."),
      ("[0] A.[1] B.[2] C.[CONTEXT](0) x", "[2][1][0]"),
      ("[0] A. [CONTEXT] (0) t [1] not a sentence", "[0] [1]"),
  ]:
    pairs.append((s, e))
  # Whitespace runs of one, two and three of each character.
  for ws in PY_SPACES + NOT_SPACES:
    pairs.append((
        "[0] Alpha%sone. [1] Beta%s%stwo. [2]%sGamma three.%s%s [CONTEXT] (0) E S t" % (ws, ws, ws, ws, ws, ws),
        "%s[0] (0) New%stext.%s%sMore%s%s%shere. [1]%s" % (ws, ws, ws, ws, ws, ws, ws, ws)))
  # Mixed pairs of whitespace characters.
  for a, b in [(" ", "\xa0"), ("\t", "\n"), ("\r", "\n"), ("\u3000", " "),
               ("\x85", "\u2028"), ("\u2028", "\u2029"), ("\u200b", " "),
               (" ", "\u200b"), ("\ufeff", "\ufeff")]:
    pairs.append(("[0] Alpha%s%sone. [1] Beta two. [CONTEXT]" % (a, b),
                  "[0] New%s%stext. [1]%s%s" % (a, b, a, b)))
  return pairs


def write_normalize_probes(ref):
  rows = []
  for inputs, edit in normalize_probe_pairs():
    row = {"inputs": inputs, "edit": edit}
    try:
      ni, ne = ref.normalize(inputs, edit)
    except ValueError:
      row["error"] = "context"
    else:
      row["normalized_inputs"] = ni
      row["normalized_edit"] = ne
      row["additions"] = ref.extract_additions(ni, ne)
    rows.append(row)
  write_jsonl(os.path.join(EXPECTED_DIR, "normalize.jsonl"), rows)
  print("%-20s %4d probes" % ("normalize", len(rows)), file=sys.stderr)


# ---------------------------------------------------------------------------
# tokenize probes
# ---------------------------------------------------------------------------

PORTER_WORDS = """
caresses ponies ties caress cats feed agreed plastered bled motoring sing
conflated troubled sized hopping tanned falling hissing fizzed failing filing
happy sky relational conditional rational valenci hesitanci digitizer
conformabli radicalli differentli vileli analogousli vietnamization
predication operator feudalism decisiveness hopefulness callousness
formaliti sensitiviti sensibiliti triplicate formative formalize
electriciti electrical hopeful goodness revival allowance inference airliner
gyroscopic adjustable defensible irritant replacement adjustment dependent
adoption homologou communism activate angulariti homologous effective
bowdlerize probate rate cease controll roll generously dying lying tying
news innings inning outing outings canning cannings howe proceed exceed
succeed skies spied died flies dies gently fly ugly early only singly idly
atlas cosmos bias andes herring herrings earring earrings proceeded
proceeding exceeding succeeding generate generates generated generating
general generally generic generous reintroduced reintroducing supplies
supplied supplying restoration restored restoring premiered premiere
studied studies studying universities university organisation
organization organizational nationalism nationalistic historically
representatives represented representing evacuation evacuated volunteers
volunteered championships championship symphonies symphony cyclists
pedestrians excavations discovered discoveries employed employment
aaron abaci abbess abyss agrees agreement alumni analyses axes bases
crisis criteria data dwarves feet geese indices knives leaves lives
matrices mice octopi oxen phenomena quizzes radii sheaves statuses
syllabi theses wolves yes was has its ran bus gas this does goes
""".split()


def tokenize_probe_texts():
  texts = []
  texts += ["", " ", "   \t\n", ".", "...", "!?;:,", "-", "—", "()", "[0]", "(0)"]
  texts += PORTER_WORDS
  texts += [
      "café", "cafe\u0301", "naïve", "İstanbul", "ISTANBUL", "istanbul",
      "İZMİR HERİTAGE", "ıi Iı", "Yalıçam", "4 \u212a", "\u212aelvin", "\u212a",
      "\u212b", "Å", "ǅungla ǈ ǋ", "Straße STRASSE ẞ", "ﬁnance ﬂow ﬀ",
      "ＡＢＣ１２３ abc", "１２３", "٣٤٥ 345", "۱۲۳", "२०१८", "𝟎𝟏𝟐 𝐀𝐁𝐂",
      "上湯原村は2021年に合併した。", "湯原町", "😀abc😀123😀", "🎉2023🎉",
      "Ωmega ω", "Ⅻ ① ² x² ½ ⅓", "ⁱⁿ", "ªº", "µm μm", "Ǆ ǆ",
      "ΣΊΣΥΦΟΣ", "Дорнек 09", "دار النخيل 1895", "עברית 3.0",
      "abc123", "123abc", "1990s", "3rd", "4th", "mp3s", "covid19", "h2o", "b2b",
      "2,900", "3.5", "1e10", "0x1F", "007", "1,742 m", "80,000 people",
      "12.4 km²", "7.5/10", "1961–1971", "2022–23", "9 to 11 mm",
      "club's", "don't", "o'clock", "rock 'n' roll", "club’s", "Women’s",
      "well-known", "twenty-one", "e-mail", "non\u2011breaking", "right-to-left",
      "U.S.", "Jr.", "e.g.", "i.e.", "No. 5", "etc.", "Mr. Smith",
      "pneumonoultramicroscopicsilicovolcanoconiosis",
      "antidisestablishmentarianism", "a" * 300, "ab" * 150 + "ing",
      "Supercalifragilisticexpialidocious" * 8,
      "RUNNING Running running runs ran", "The QUICK Brown fox",
      "GENERALIZATIONS", "Hopefulness", "RELATIONAL",
      "tab\tseparated\twords", "new\nline\nwords", "cr\rlf\r\nwords",
      "ends with space ", " starts with space", "double  space",
      "under_score", "snake_case_words", "CamelCaseWord", "x86_64",
      "e.g.,abc", "a.b.c", "C++ and C#", "user@example.org", "http://x.y/z?q=1",
      "#hashtag @mention", "50% off", "$3.50", "£12", "€5", "¥100",
      "Vellmar Bridge (1873)", "(born 1950)", "[HEADER] [COL] Year [COL] Title [ROW] [COL] 2012",
  ]
  for ws in PY_SPACES + NOT_SPACES:
    texts.append("alpha%sbeta%s%sgamma" % (ws, ws, ws))
  # Whole sentences from our passages.
  for t in TOPICS:
    texts += t["src"][:2]
    texts += [a for a, _ in t["adds"]]
  rng = random.Random("tokenize")
  while len(texts) < 320:
    texts.append(mutate_sentence(rng, templated_sentence(rng), 3))
  return texts


def write_tokenize_probes(ref):
  plain = ref.tokenizers.DefaultTokenizer(False)
  stem = ref.tokenizers.DefaultTokenizer(True)
  rows = []
  for text in tokenize_probe_texts():
    rows.append({"text": text, "tokens": plain.tokenize(text),
                 "stem_tokens": stem.tokenize(text)})
  write_jsonl(os.path.join(EXPECTED_DIR, "tokenize.jsonl"), rows)
  print("%-20s %4d probes" % ("tokenize", len(rows)), file=sys.stderr)


# ---------------------------------------------------------------------------

def main():
  ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
  ap.add_argument("--expected-only", action="store_true",
                  help="do not regenerate cases/; recompute expected/ only")
  ap.add_argument("--only", nargs="*", help="restrict expected/ to these cases")
  args = ap.parse_args()
  ref = Reference(os.environ.get("FRUIT_REFERENCE_DIR", "/work/ref"))
  if not args.expected_only:
    generate_inputs(ref)
  write_normalize_probes(ref)
  write_tokenize_probes(ref)
  compute_expected(ref, args.only)


if __name__ == "__main__":
  main()
