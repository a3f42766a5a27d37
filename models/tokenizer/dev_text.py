"""Generated development text for the FRUIT tokenizer.

Two uses, both deterministic (seeded):
  * `python3 dev_text.py corpus --out FILE` writes a development training
    corpus: generated encyclopedic sentences, FRUIT inputs and targets with
    every marker, a little non-Latin text, plus the English text found
    locally (the repository's conformance cases and examples, and
    /usr/share/dict/words in lines of twelve words). The real corpus
    (WikiText-2) comes from the training pipeline.
  * make_parity.py imports `parity_texts()` for the parity fixture: texts of
    the same kinds from another seed, plus edge cases (whitespace, markers
    glued to text, NFD accents, emoji ZWJ sequences, scripts absent from
    the corpus, which need byte fallback).

Runs with Debian's /usr/bin/python3 and its standard library only.
"""

import argparse
import glob
import json
import os
import random
import sys
import unicodedata

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# The task's markers; each must be exactly one token.
TABLE_MARKERS = ["[CONTEXT]", "[HEADER]", "[COL]", "[ROW]", "[CAPTION]"]
COPY_TOKENS = ["[%d]" % i for i in range(128)]
REFERENCE_TOKENS = ["(%d)" % i for i in range(64)]
MARKERS = TABLE_MARKERS + COPY_TOKENS + REFERENCE_TOKENS

FIRST = ["Anna", "Jonas", "Dana", "Tomas", "Ingrid", "Mei", "Rafael", "Olu", "Karl", "Sofia", "Pieter",
         "Amaka", "Nikolai", "Hannah", "José", "Zoë", "Łukasz", "Søren", "Ángel", "François", "Björn",
         "Chloé", "Dvořák", "Miloš", "Nguyễn", "Émile", "Renée", "Jürgen", "Ayşe", "Ólafur", "Ramón"]
LAST = ["Okoro", "Brandt", "Reinholt", "Hackett", "Lindqvist", "Tanaka", "Moreau", "Kowalski", "Adeyemi",
        "Castillo", "Novak", "Fischer", "Müller", "Ødegaard", "García", "Çelik", "Þórsson", "Håkansson",
        "O'Neill", "McAllister", "van der Berg", "de la Cruz", "Smith-Jones", "Petrović", "Łęcka"]
PLACES = ["Halden Cross", "Esk Hollow", "Kestwick", "Holmsby", "Varrick", "Brevik", "Lake Vessany",
          "Oster River", "Saint-Étienne", "Zürich", "Kraków", "São Paulo", "Reykjavík", "Malmö",
          "Córdoba", "Tromsø", "Łódź", "Gdańsk", "Cádiz", "Nîmes", "Ærøskøbing", "New Amsterdam"]
THINGS = ["bridge", "railway station", "observatory", "football club", "novel", "album", "cathedral",
          "lighthouse", "museum", "tithe barn", "ferry terminal", "canal", "university", "film",
          "television series", "orchestra", "airport", "power station", "harbour", "festival"]
ROLES = ["actress", "footballer", "composer", "architect", "politician", "astronomer", "novelist",
         "painter", "engineer", "cyclist", "chess player", "historian", "singer-songwriter"]
NATIONALITIES = ["British", "Norwegian", "French", "Polish", "Nigerian", "Brazilian", "Japanese",
                 "Icelandic", "Spanish", "Czech", "Vietnamese", "Turkish", "Danish", "German"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
VERBS = ["opened", "closed", "was renamed", "was restored", "was sold", "was listed", "was rebuilt",
         "was extended", "was demolished", "reopened", "was founded", "was completed"]
AWARDS = ["Golden Lion", "Booker Prize", "Grammy Award", "Nordic Council Literature Prize",
          "Ballon d'Or", "Pritzker Prize", "Order of the British Empire"]


def name(r):
    return r.choice(FIRST) + " " + r.choice(LAST)


def number(r):
    kind = r.randrange(8)
    if kind == 0:
        return str(r.randrange(1, 100))
    if kind == 1:
        return "{:,}".format(r.randrange(1000, 10 ** 7))
    if kind == 2:
        return "%d.%d" % (r.randrange(0, 100), r.randrange(0, 10))
    if kind == 3:
        return str(r.randrange(10 ** 6, 10 ** 12))
    if kind == 4:
        return "%d%%" % r.randrange(0, 101)
    if kind == 5:
        return "%d–%d" % (r.randrange(1800, 1990), r.randrange(1990, 2025))
    if kind == 6:
        return "£%d million" % r.randrange(1, 900)
    return "%d.%02d" % (r.randrange(0, 10 ** 4), r.randrange(100))


def date(r):
    forms = [lambda: str(r.randrange(1700, 2025)),
             lambda: "%d %s %d" % (r.randrange(1, 29), r.choice(MONTHS), r.randrange(1700, 2025)),
             lambda: "%s %d, %d" % (r.choice(MONTHS), r.randrange(1, 29), r.randrange(1700, 2025)),
             lambda: "the %ds" % (r.randrange(170, 203) * 10),
             lambda: "%04d-%02d-%02d" % (r.randrange(1900, 2025), r.randrange(1, 13), r.randrange(1, 29))]
    return r.choice(forms)()


def sentence(r):
    forms = [
        lambda: "%s is a %s %s of %s descent." % (name(r), r.choice(NATIONALITIES), r.choice(ROLES), r.choice(NATIONALITIES)),
        lambda: "The %s in %s %s in %s." % (r.choice(THINGS), r.choice(PLACES), r.choice(VERBS), date(r)),
        lambda: "By %s the %s employed %s people, most of them from %s." % (date(r), r.choice(THINGS), number(r), r.choice(PLACES)),
        lambda: "%s was born in %s in %s and moved to %s as a child." % (name(r), r.choice(PLACES), date(r), r.choice(PLACES)),
        lambda: "It has a population of %s according to the %s census." % (number(r), r.randrange(1950, 2025)),
        lambda: "In %s, %s won the %s for \"%s\"." % (date(r), name(r), r.choice(AWARDS), r.choice(THINGS).title()),
        lambda: "The %s covers an area of %s square kilometres (%s sq mi)." % (r.choice(THINGS), number(r), number(r)),
        lambda: "%s (born %s) is a %s who played for %s from %s." % (name(r), date(r), r.choice(ROLES), r.choice(PLACES), date(r)),
        lambda: "Construction began in %d and was completed in %d after repeated flooding delayed the work." % (r.randrange(1800, 1900), r.randrange(1900, 2000)),
        lambda: "The %s; it cost %s, and critics called it \"%s\"." % (r.choice(THINGS), number(r), r.choice(["a triumph", "an eyesore", "remarkable", "overdue"])),
        lambda: "According to %s, the %s received %s visitors in %s – a record." % (name(r), r.choice(THINGS), number(r), date(r)),
        lambda: "%s's second %s, released on %s, reached number %d on the charts." % (name(r), r.choice(THINGS), date(r), r.randrange(1, 100)),
        lambda: "The council of %s sold the %s in %s for %s pounds." % (r.choice(PLACES), r.choice(THINGS), date(r), number(r)),
        lambda: "See also: %s, %s and %s (%s)." % (r.choice(PLACES), r.choice(PLACES), name(r), r.choice(ROLES)),
        lambda: "Attendance rose from < %s to > %s; the <ref> tags cite %s." % (number(r), number(r), name(r)),
        lambda: "The %s @-@ %s line ( %s km ) opened in %s ." % (r.choice(PLACES), r.choice(PLACES), number(r), date(r)),
    ]
    return r.choice(forms)()


def cell(r):
    return r.choice([str(r.randrange(1950, 2025)), name(r), r.choice(THINGS).title(), number(r), r.choice(PLACES), ""])


def evidence_item(r, i):
    title = name(r).replace(" ", "_") if r.random() < 0.5 else r.choice(PLACES).replace(" ", "_")
    if r.random() < 0.3:
        cols = r.randrange(2, 5)
        parts = ["(%d) %s %s - Table-0-%d" % (i, title, r.choice(["Filmography", "Career", "Results", "History"]), r.randrange(40))]
        if r.random() < 0.5:
            parts.append("[CAPTION] " + sentence(r)[:-1])
        parts.append("[HEADER] " + " ".join(("[COL] " + r.choice(["Year", "Title", "Role", "Club", "Goals", "Notes"])) for _ in range(cols)))
        for _ in range(r.randrange(1, 3)):
            parts.append("[ROW] " + " ".join(("[COL] " + cell(r)).rstrip() for _ in range(r.randrange(1, cols + 1))))
        return " ".join(parts)
    return "(%d) %s %s %s" % (i, title, r.choice(["History", "Career", "Early life", "Reception", ""]),
                              " ".join(sentence(r) for _ in range(r.randrange(1, 4))))


def fruit_example(r, max_sentences=128, max_evidence=64):
    """A FRUIT-style (inputs, targets) pair using copy and reference tokens."""
    n = r.randrange(1, max_sentences + 1) if r.random() < 0.03 else r.randrange(1, 12)
    m = r.randrange(0, max_evidence + 1) if r.random() < 0.03 else r.randrange(0, 5)
    source = " ".join("[%d] %s" % (i, sentence(r)) for i in range(n))
    evidence = " ".join(evidence_item(r, i) for i in range(m))
    inputs = (source + " [CONTEXT] " + evidence).rstrip()
    target = []
    for i in range(n):
        if r.random() < 0.7:
            target.append("[%d]" % i)
        if m and r.random() < 0.3:
            target.append("(%d) %s" % (r.randrange(m), sentence(r)))
        elif r.random() < 0.1:
            target.append(sentence(r))
    return inputs, " ".join(target)


# Short samples of scripts and symbols; the corpus holds a few, parity texts more.
OTHER_SCRIPTS = [
    "東京は日本の首都である。", "北京是中华人民共和国的首都。", "서울은 대한민국의 수도이다.",
    "Москва — столица России.", "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.", "القاهرة هي عاصمة مصر.",
    "ירושלים היא בירת ישראל.", "नई दिल्ली भारत की राजधानी है।", "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย",
    "Hà Nội là thủ đô của Việt Nam.", "İstanbul Türkiye'nin en kalabalık şehridir.",
]
EMOJI = ["😀", "👍🏽", "👩‍🔬", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇳🇴", "❤️", "🎉", "☃", "✈️", "🧑🏿‍🚀"]
# Scripts that the development corpus never contains: byte fallback.
UNSEEN_SCRIPTS = [
    "ሰላም ለዓለም", "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ", "தமிழ் மொழி", "ភាសាខ្មែរ", "ᠮᠣᠩᠭᠣᠯ", "𒀭𒂗𒆠", "𐀀𐀁𐀂 Linear B",
    "ᚠᚢᚦᚨᚱᚲ", "ꦧꦱꦗꦮ", "ܠܫܢܐ ܣܘܪܝܝܐ", "ᐃᓄᒃᑎᑐᑦ", "ߒߞߏ", "𝔉𝔯𝔞𝔨𝔱𝔲𝔯", "ℵ₀ ≤ ∑∞",
]


def nfd_variant(text):
    return unicodedata.normalize("NFD", text)


def corpus_lines(seed=20261122, generated=30000):
    r = random.Random(seed)
    lines = []
    for _ in range(generated):
        k = r.random()
        if k < 0.55:
            lines.append(" " + " ".join(sentence(r) for _ in range(r.randrange(1, 6))))
        elif k < 0.85:
            inputs, targets = fruit_example(r)
            lines.append(inputs)
            lines.append(targets)
        elif k < 0.9:
            lines.append(" " + nfd_variant(sentence(r)))
        elif k < 0.95:
            lines.append(" " + r.choice(OTHER_SCRIPTS) + " " + r.choice(EMOJI) + " " + sentence(r))
        else:
            lines.append(" = %s = " % r.choice(PLACES) if r.random() < 0.5 else " = = %s = = " % r.choice(["History", "Career", "Reception"]))
    # Every marker in the corpus, so that none is starved of context.
    for marker in MARKERS:
        lines.append(marker + " " + sentence(r))
    # Local English text.
    for path in sorted(glob.glob(os.path.join(REPO, "tests", "conformance", "cases", "*.gold.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                record = json.loads(line)
                lines.append(record["inputs"])
                lines.append(record["targets"])
    for path in sorted(glob.glob(os.path.join(REPO, "web", "examples", "*.json"))):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if isinstance(data, dict):
            stack = [data]
            while stack:
                value = stack.pop()
                if isinstance(value, dict):
                    stack.extend(value.values())
                elif isinstance(value, list):
                    stack.extend(value)
                elif isinstance(value, str) and len(value) > 20:
                    lines.append(" " + value)
    words_path = "/usr/share/dict/words"
    if os.path.exists(words_path):
        with open(words_path, encoding="utf-8") as f:
            words = [w.strip() for w in f if w.strip()]
        for i in range(0, len(words), 12):
            lines.append(" " + " ".join(words[i:i + 12]))
    # One sentence per line for spm_train: no newlines inside a line.
    return [" ".join(line.splitlines()) for line in lines if line.strip()]


def parity_texts(seed=7, count=2400):
    """Texts for the parity fixture: realistic ones and edge cases."""
    r = random.Random(seed)
    texts = ["", " ", "  ", "\t", "\n", "a", "The", " The", "The ", "  The  film  ", "[0]", "(0)", "[CONTEXT]",
             "[0] The film [1]", "[0]The", "The[0]", "(3)(4)", "[0][1][2]", " [0] ", "[127]", "(63)", "[128]", "(64)",
             "[-1]", "[ 0 ]", "[00]", "[CONTEXT", "CONTEXT]", "[context]", "[0] (0) The film was released. [1] [2]",
             "[CAPTION] Results [HEADER] [COL] Year [COL] Title [ROW] [COL] 2012 [COL] Salt Roads",
             "x[0]y(1)z", "((0))", "[[0]]", "[0](0)[1](1)", "<0x41>", "<0xZZ>", "<0x41><0x42>", "< s >",
             "line one\nline two", "tab\tseparated\tvalues", "multiple   spaces   here", "trailing spaces   ",
             "\r\n", "\u00a0non-breaking\u00a0space", "\u2581already\u2581escaped", "a\u200bzero width",
             "12345678901234567890", "3.14159265358979323846", "1,234,567,890", "+44 20 7946 0958",
             "café", nfd_variant("café"), "Ångström " + nfd_variant("Ångström"), "naïve coöperation",
             "👩‍🔬👨‍👩‍👧‍👦", "🏳️‍🌈 flag", "日本語のテキスト", "中文", "한국어", "\U0001F600" * 5,
             "\ufeffBOM at start", "\u0301 lone combining mark", "\U0010FFFF", "\u0000 nul", "\x7f\x01 control"]
    for marker in MARKERS:
        texts.append(marker)
        texts.append("Text " + marker + " text")
        texts.append(marker + "Glued")
    while len(texts) < count:
        k = r.random()
        if k < 0.3:
            texts.append(" ".join(sentence(r) for _ in range(r.randrange(1, 4))))
        elif k < 0.55:
            inputs, targets = fruit_example(r)
            texts.append(inputs if r.random() < 0.5 else targets)
        elif k < 0.62:
            texts.append(nfd_variant(sentence(r)))
        elif k < 0.68:
            texts.append(sentence(r) + " " + r.choice(OTHER_SCRIPTS) + " " + r.choice(EMOJI))
        elif k < 0.74:
            texts.append(r.choice(UNSEEN_SCRIPTS) + " " + sentence(r) + " " + r.choice(UNSEEN_SCRIPTS))
        elif k < 0.8:
            # Whitespace of every kind, doubled and at the ends.
            words = sentence(r).split(" ")
            texts.append("".join(w + r.choice([" ", "  ", "\t", "\n", " \n ", "   "]) for w in words))
        elif k < 0.86:
            # Markers glued to text and to each other.
            parts = [r.choice(MARKERS) if r.random() < 0.5 else r.choice(sentence(r).split(" ")) for _ in range(r.randrange(2, 9))]
            texts.append("".join(p + r.choice(["", "", " "]) for p in parts))
        elif k < 0.9:
            texts.append(" ".join(str(r.randrange(10 ** r.randrange(1, 30))) for _ in range(r.randrange(1, 5))))
        elif k < 0.95:
            # Random code points from all planes (no surrogates).
            chars = []
            for _ in range(r.randrange(1, 12)):
                c = r.choice([r.randrange(0x20, 0x7f), r.randrange(0xa0, 0x800), r.randrange(0x800, 0xd800),
                              r.randrange(0xe000, 0x10000), r.randrange(0x10000, 0x110000)])
                chars.append(chr(c))
            texts.append("".join(chars))
        else:
            words = sentence(r).split(" ")
            i = r.randrange(len(words))
            words[i] = words[i] + r.choice(EMOJI + UNSEEN_SCRIPTS)
            texts.append(" ".join(words))
    return texts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    corpus = sub.add_parser("corpus", help="write the development training corpus")
    corpus.add_argument("--out", required=True)
    corpus.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args()
    if args.command == "corpus":
        lines = corpus_lines(args.seed)
        with open(args.out, "w", encoding="utf-8") as f:
            for line in lines:
                f.write(line + "\n")
        print("wrote %d lines to %s" % (len(lines), args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
