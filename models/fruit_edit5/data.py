#!/usr/bin/python3
"""FRUIT-style example generator (seeded, deterministic).

Each example is an outdated article (source sentences "[0] ... [1] ..."), evidence after
"[CONTEXT]" ("(0) Title Section text", or a table "(1) Title Section - Table [CAPTION] ..
[HEADER] [COL] .. [ROW] [COL] .."), and the EDIT5 target: copy tokens for kept sentences in
increasing order, new or rewritten sentences preceded by the reference tokens of the evidence
that supports them, deleted sentences absent.

Two sources of articles:
  * template worlds (articles.py): athletes, politicians, bands, writers, films, towns,
    companies, clubs, buildings, festivals, with updates that substitute, add or delete facts;
  * with --corpus (WikiText-style text, e.g. WikiText-2), real Wikipedia passages: sentences of
    a section are the source, sentences of other sections become evidence to add, numbers in
    source sentences are changed to make substitutions, and real sentences of other articles
    serve as distractors (in both kinds of examples).

Updates: no change (evidence is all distractors), 1-3 events per example, each adding 1-2
sentences, substituting a sentence and/or deleting one, and mixtures of these.

Splits: names (people, places, titles) are split by a stable hash into a training partition
and a held-out partition; train and validation use the first (different seeds), test the
second, and corpus articles are split the same way by title.

    /usr/bin/python3 -m models.fruit_edit5.data --out DIR [--corpus FILE ...] \
        [--n-train N --n-validation N --n-test N] [--seed S] [--fruitbench ./build/fruitbench]

writes DIR/{train,validation,test}.jsonl in the official gold format (id, inputs, targets,
normalized_inputs, normalized_targets; normalized_* computed by `fruitbench normalize`) and
DIR/*.meta.jsonl (kind and update types of each example).
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    __package__ = "models.fruit_edit5"

from . import world as W  # noqa: E402
from .articles import BUILDERS, WEIGHTS, Ctx, Ev, Event, Plan  # noqa: E402

# ---------------------------------------------------------------------------
# Text checks (the linearization rules of core/linearize.h)
# ---------------------------------------------------------------------------

_BAD = re.compile(r"\[\d+\]|\(\d+\)|\[CONTEXT\]|\[CAPTION\]|\[HEADER\]|\[ROW\]|\[COL\]|[\[\]]")


def clean_field(s):
    return re.sub(r"\s+", " ", s).strip()


def ok_text(s):
    return bool(s) and not _BAD.search(s)


# ---------------------------------------------------------------------------
# Linearization (same rules as core/linearize.cc)
# ---------------------------------------------------------------------------

def _is_table_label(part):
    return part == "Table" or re.fullmatch(r"Table-\d+-\d+", part) is not None


def render_evidence(e):
    title = re.sub(r"\s", "_", clean_field(e.title))
    parts = [title]
    if e.table is None:
        parts += [clean_field(e.section), clean_field(e.text)]
    else:
        sec = clean_field(e.section)
        if not sec:
            sec = "Table"
        elif not _is_table_label(sec.split(" - ")[-1]):
            sec += " - Table"
        parts.append(sec)
        t = e.table
        if t.get("caption"):
            parts.append("[CAPTION] " + clean_field(t["caption"]))
        if t.get("header"):
            parts.append("[HEADER] " + " ".join(("[COL] " + clean_field(h)).strip() for h in t["header"]))
        for row in t.get("rows", []):
            parts.append("[ROW] " + " ".join(("[COL] " + clean_field(x)).strip() for x in row))
    return " ".join(p for p in parts if p)


def linearize(sentences, evidence):
    parts = [f"[{i}] {clean_field(s)}".strip() for i, s in enumerate(sentences)]
    parts.append("[CONTEXT]")
    parts += [f"({i}) {render_evidence(e)}" for i, e in enumerate(evidence)]
    return " ".join(parts)


# ---------------------------------------------------------------------------
# Grounding: the entity-token rule of core/entities.h, for filtering generated targets
# ---------------------------------------------------------------------------

ENTITY_STOP = frozenset("a an and as at but by for from in of on or the to with".split())
_EDGE_PUNCT = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u201c\u201d\u2018\u2019\u00ab\u00bb\u2013\u2014\u2026")
_CLOSERS = set("\"')]\u201d\u2019\u00bb")


def _is_upper(ch):
    c = ord(ch)
    if "A" <= ch <= "Z":
        return True
    if 0xC0 <= c <= 0xDE:
        return c != 0xD7
    if 0x100 <= c <= 0x137 or 0x14A <= c <= 0x177:
        return c % 2 == 0
    if 0x139 <= c <= 0x148 or 0x179 <= c <= 0x17E:
        return c % 2 == 1
    if c == 0x178:
        return True
    if 0x391 <= c <= 0x3A9:
        return c != 0x3A2
    return 0x400 <= c <= 0x42F


def _entity_key(raw):
    i, j = 0, len(raw)
    while i < j and raw[i] in _EDGE_PUNCT:
        i += 1
    while j > i and raw[j - 1] in _EDGE_PUNCT:
        j -= 1
    w = raw[i:j]
    for pos in ("'s", "\u2019s"):
        if len(w) > 2 and w.endswith(pos):
            return w[:-2]
    return w


def _ends_sentence(raw):
    raw = raw.rstrip("".join(_CLOSERS))
    return raw.endswith((".", "!", "?"))


def entity_tokens(text):
    """Entity tokens (keys) of text, by core/entities.h's rule (kept in step with it, so that
    generated targets pass the grounded decoder): words with an ASCII digit, and words
    starting with an uppercase letter that do not start a sentence and are not stop words."""
    out, initial = [], True
    for raw in text.split():
        w = _entity_key(raw)
        if not w:
            continue
        if any("0" <= ch <= "9" for ch in w) or (_is_upper(w[0]) and not initial and w.lower() not in ENTITY_STOP):
            out.append(w)
        initial = _ends_sentence(raw)
    return out


def support_words(text):
    """The keys of every word of text (whitespace and '_' separate words)."""
    return {k for k in (_entity_key(raw) for raw in text.replace("_", " ").split()) if k}


def render_target(units):
    out = []
    for u in units:
        if u[0] == "copy":
            out.append(f"[{u[1]}]")
        else:
            refs = " ".join(f"({k})" for k in sorted(set(u[1])))
            out.append((refs + " " + clean_field(u[2])).strip())
    return " ".join(out)


# ---------------------------------------------------------------------------
# WikiText corpus
# ---------------------------------------------------------------------------

_ABBREV = set("""Mr Mrs Ms Dr St Jr Sr Lt Col Gen Capt Cpt Sgt Maj Adm Rev Prof No Nos Vol Vols Mt Ft
Co Corp Inc Ltd Bros vs etc al approx c ca fl Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec U.S U.K
Gov Sen Rep Pres Hon Fig Op pp p ed eds""".split())


def detok(s):
    s = s.replace(" @-@ ", "-").replace(" @,@ ", ",").replace(" @.@ ", ".")
    s = re.sub(r" ([,.;:!?%)\]])", r"\1", s)
    s = re.sub(r"([(\[$£€]) ", r"\1", s)
    s = re.sub(r" (n't|'s|'re|'ve|'ll|'d|'m)\b", r"\1", s)
    s = re.sub(r"(\w) ’ (s|t|re|ve|ll|d|m)\b", r"\1’\2", s)
    s = re.sub(r"(\d) – (\d)", r"\1–\2", s)
    s = s.replace(" ‑ ", "‑")
    s = re.sub(r'" (.*?) "', r'"\1"', s)
    s = re.sub(r" ' (.*?) '", r" '\1'", s)
    s = re.sub(r"\s+", " ", s)
    return s.strip()


def split_sentences(text):
    out, start = [], 0
    for m in re.finditer(r"[.!?][\"')]?\s+(?=[A-Z0-9\"'])", text):
        end = m.start() + 1
        prev = re.search(r"(\S+)$", text[start:end - 1] if text[end - 1] == "." else text[start:end])
        word = prev.group(1) if prev else ""
        if text[m.start()] == "." and (word in _ABBREV or re.fullmatch(r"[A-Z]", word) or re.fullmatch(r"(?:[A-Z]\.)+[A-Z]?", word)):
            continue
        out.append(text[start:m.end()].strip())
        start = m.end()
    if start < len(text):
        out.append(text[start:].strip())
    return out


def good_sentence(s):
    n = len(s.split())
    return (5 <= n <= 45 and "<unk>" not in s and not re.search("[“”]", s) and ok_text(s) and s[0].isupper() and s[-1] in '.!?"'
            and s.count('"') % 2 == 0 and s.count("(") == s.count(")") and "=" not in s)


def _fill_unk(title):
    """WikiText replaces rare words by <unk>; in a title, put an invented word in its place."""
    k = 0
    while "<unk>" in title:
        h = zlib.crc32(f"{title}/{k}".encode("utf-8"))
        word = W.PLACE_HEADS[h % len(W.PLACE_HEADS)] + W.PLACE_TAILS[(h >> 8) % len(W.PLACE_TAILS)]
        title = title.replace("<unk>", word.capitalize(), 1)
        k += 1
    return title


class Corpus:
    """Articles of a WikiText-style file: ' = Title = ' / ' = = Section = = ' headings."""

    def __init__(self, paths):
        self.articles = {"train": [], "test": []}
        for path in paths:
            with open(path, encoding="utf-8") as f:
                self._read(f)
        for k in self.articles:
            self.articles[k].sort(key=lambda a: a["title"])

    def _read(self, f):
        art = None
        sec = "INTRODUCTION"

        def flush():
            if art and sum(len(v) for _, v in art["sections"]) >= 4:
                self.articles[W.partition_of(art["title"])].append(art)

        for line in f:
            line = line.strip()
            if not line:
                continue
            m = re.fullmatch(r"= ([^=].*?) =", line)
            if m:
                flush()
                art = {"title": _fill_unk(detok(m.group(1))), "sections": []}
                sec = "INTRODUCTION"
                continue
            m = re.fullmatch(r"(=(?: =)+) (.*?) (?:= )*=", line)
            if m:
                sec = detok(m.group(2))
                if "<unk>" in sec or not ok_text(sec):
                    sec = "INTRODUCTION" if art is None or not art["sections"] else art["sections"][-1][0]
                continue
            if art is None:
                continue
            sents = [s for s in split_sentences(detok(line)) if good_sentence(s)]
            if not sents:
                continue
            if art["sections"] and art["sections"][-1][0] == sec:
                art["sections"][-1][1].append(sents)  # a paragraph
            else:
                art["sections"].append((sec, [sents]))
        flush()

    def n(self, part):
        return len(self.articles[part])

    def distractor(self, rng, part):
        art = rng.choice(self.articles[part])
        sec, paras = rng.choice(art["sections"])
        para = rng.choice(paras)
        i = rng.randrange(len(para))
        text = " ".join(para[i:i + rng.choice([1, 1, 1, 2])])
        return Ev(art["title"], sec, text)


_PRON = re.compile(r"^(He|She|It|They) ")


def _change_number(rng, s):
    """s with one number changed (a year by a few years, a quantity by up to +-40%), or None."""
    nums = [m for m in re.finditer(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?![\w,]|\.\d)", s)]
    if not nums:
        return None
    m = rng.choice(nums)
    raw = m.group(1)
    v = int(raw.replace(",", ""))
    if 1000 <= v <= 2030 and "," not in raw:
        nv = v + rng.choice([-3, -2, -1, 1, 2, 3, 4])
        new = str(nv)
    elif v < 3:
        return None
    else:
        nv = max(1, int(round(v * rng.choice([rng.uniform(.6, .9), rng.uniform(1.1, 1.6)]))))
        if nv == v:
            nv = v + 1
        new = f"{nv:,}" if "," in raw else str(nv)
    return s[:m.start(1)] + new + s[m.end(1):]


def _title_from(sentence, fallback):
    """A plausible other article the sentence could come from: a capitalised phrase in it."""
    cands = [m.group(0) for m in re.finditer(r"(?<!^)(?<![.] )\b(?:[A-Z][a-z]+(?: (?:of|the|de|von) )?)+(?: [A-Z][a-z]+)+", sentence)]
    cands = [c for c in cands if c != fallback and len(c) > 4]
    return cands


def corpus_plan(c, corpus):
    """A Plan from a real article: a passage as the source, its other sections as news."""
    r = c.rng
    arts = corpus.articles[c.part]
    for _ in range(50):
        art = r.choice(arts)
        if len(art["sections"]) >= 2:
            break
    title = art["title"]
    si = 0 if r.random() < .6 else r.randrange(len(art["sections"]))
    sec, paras = art["sections"][si]
    sents = [s for p in paras for s in p]
    n = min(len(sents), r.choice([2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 10]))
    start = 0 if r.random() < .6 else r.randrange(max(1, len(sents) - n + 1))
    src = sents[start:start + n]
    if not src:
        return None
    facts = [(f"s{i}", s) for i, s in enumerate(src)]
    plan = Plan("wiki", title, facts, required=tuple(k for k, _ in facts))
    # additions from other sections (or other paragraphs of this one)
    pool = []
    for j, (sec2, paras2) in enumerate(art["sections"]):
        for p in paras2:
            if j == si and any(s in src for s in p):
                continue
            pool.append((sec2, p))
    for _ in range(3):
        if not pool:
            break
        sec2, para = r.choice(pool)
        i = r.randrange(len(para))
        k = min(len(para) - i, r.choice([1, 1, 1, 2]))
        new = para[i:i + k]
        if any(s in src for s in new):
            continue
        evs, texts = [], []
        for s in new:
            ev_s = s
            m = _PRON.match(s)
            if m and r.random() < .7:
                ev_s = title + s[len(m.group(1)):]
            texts.append(s)
            evs.append(ev_s)
        others = _title_from(" ".join(evs), title)
        etitle = r.choice(others) if others and r.random() < .5 else title
        esec = sec2 if etitle == title else r.choice(["INTRODUCTION", "History", sec2, "See also", "Background"])
        if r.random() < .5 or len(evs) == 1:
            evidence = [Ev(etitle, esec, " ".join(evs))]
        else:
            evidence = [Ev(etitle, esec, e) for e in evs]
        after = None if r.random() < .75 else f"s{r.randrange(len(src))}"
        plan.events.append(Event([("add", after, " ".join(texts))], evidence, f"add{len(plan.events)}", (), "wiki addition"))
    # substitutions: a number changed in a source sentence
    idx = list(range(len(src)))
    r.shuffle(idx)
    for i in idx[:2]:
        changed = _change_number(r, src[i])
        if changed and changed != src[i]:
            esec = r.choice(["INTRODUCTION", sec, "History", "Statistics", "Background"])
            ev_text = changed
            m = _PRON.match(changed)
            if m:
                ev_text = title + changed[len(m.group(1)):]
            plan.events.append(Event([("sub", f"s{i}", changed)], [Ev(title, esec, ev_text)], f"sub{i}", (f"s{i}",), "wiki substitution"))
    # restatements: a source sentence seen again in evidence changes nothing
    for i, s in enumerate(src):
        if r.random() < .5:
            esec = r.choice(["INTRODUCTION", sec, "History"])
            plan.distractors.append((f"s{i}", Ev(title, esec, s)))
    for _ in range(3):
        plan.distractors.append((None, corpus.distractor(r, c.part)))
    return plan


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------

N_UPDATES = [0, 1, 1, 1, 1, 2, 2, 2, 3, 3]  # ~10% no change, 40% one, 30% two, 20% three events


def _keys(ev):
    return {op[1] for op in ev.ops if op[0] in ("sub", "del")}


def assemble(plan, c, max_chars):
    r = c.rng
    n_up = r.choice(N_UPDATES)
    events, used_groups, used_keys = [], set(), set()
    cand = list(plan.events)
    r.shuffle(cand)
    for ev in cand:
        if len(events) >= n_up:
            break
        if ev.group in used_groups or (_keys(ev) & used_keys):
            continue
        events.append(ev)
        used_groups.add(ev.group)
        used_keys |= _keys(ev)
    need = set(plan.required)
    for ev in events:
        need |= set(ev.needs) | _keys(ev)
        need |= {op[1] for op in ev.ops if op[0] == "add" and op[1]}
    keep_p = r.choice([0.6, 0.8, 1.0])
    facts = [(k, s) for k, s in plan.facts if k in need or r.random() < keep_p]
    kept = {k for k, _ in facts}

    # evidence: events' items + distractors (restatements only of facts in the source)
    items = []  # (Ev, event index or None)
    for ei, ev in enumerate(events):
        items += [(e, ei) for e in ev.evidence]
    # a restatement of a fact that an event rewrites or drops would contradict the update
    dis = [e for k, e in plan.distractors if k is None or (k in kept and k not in used_keys)]
    r.shuffle(dis)
    n_dis = r.choice([0, 1, 1, 2, 2, 3, 4]) if events else r.choice([1, 2, 2, 3, 4])
    chosen = dis[:n_dis]
    if c.corpus is not None:
        extra = r.choice([0, 0, 1, 1, 2])
        if not chosen and not events:
            extra = max(extra, 1)
        for _ in range(extra):
            chosen.append(c.corpus_distractor())
    if not events and not chosen:
        chosen = dis[:1] or [c.corpus_distractor()] if (dis or c.corpus) else []
    items += [(e, None) for e in chosen if e is not None]
    r.shuffle(items)
    for e, _ in items:
        if e.table is not None and r.random() < .3:
            base = e.section.rsplit(" - ", 1)[0] if e.section.endswith(" - Table") else e.section
            e.section = f"{base} - Table-{r.randint(0, 3)}-{r.randint(0, 40)}" if base else f"Table-{r.randint(0, 3)}-{r.randint(0, 40)}"
    glob = {}  # event index -> list of global evidence indices, in event order
    for gi, (e, ei) in enumerate(items):
        if ei is not None:
            glob.setdefault(ei, []).append(gi)

    # apply operations
    units = [["copy", i, k, s] for i, (k, s) in enumerate(facts)]
    add_count = {}
    for ei, ev in enumerate(events):
        refs_all = glob.get(ei, [])
        for op in ev.ops:
            refs = refs_all
            if op[0] == "sub":
                for u in units:
                    if u[2] == op[1] and u[0] == "copy":
                        u[:] = ["new", refs, op[1], op[2]]
                        break
            elif op[0] == "del":
                units = [u for u in units if not (u[2] == op[1] and u[0] == "copy")]
            elif op[0] == "add":
                pos = len(units)
                if op[1] is not None:
                    for j, u in enumerate(units):
                        if u[2] == op[1]:
                            pos = j + 1 + add_count.get(op[1], 0)
                            break
                    add_count[op[1]] = add_count.get(op[1], 0) + 1
                units.insert(min(pos, len(units)), ["new", refs, None, op[2]])
    target = render_target([("copy", u[1]) if u[0] == "copy" else ("new", u[1], u[3]) for u in units])
    evidence = [e for e, _ in items]
    sentences = [s for _, s in facts]
    for s in sentences:
        if not ok_text(s):
            return None
    for e in evidence:
        if e.table is None and not ok_text(e.text):
            return None
    for u in units:
        if u[0] == "new" and not ok_text(u[3]):
            return None
    inputs = linearize(sentences, evidence)
    if len(inputs) > max_chars:
        return None
    # A target must never teach the model to state what neither the article nor the evidence
    # says (some templates phrase news with facts the chosen evidence item leaves out).
    support = support_words(inputs)
    for u in units:
        if u[0] == "new" and any(w not in support for w in entity_tokens(u[3])):
            return None
    return {"inputs": inputs, "targets": target, "kind": plan.kind,
            "updates": [ev.kind for ev in events],
            "ops": sorted({op[0] for ev in events for op in ev.ops})}


def make_example(seed, split, index, corpus=None, max_chars=2400, corpus_share=0.35):
    """One example; the same (seed, split, index) always gives the same example."""
    part = "test" if split == "test" else "train"
    for attempt in range(20):
        rng = random.Random(f"{seed}/{split}/{index}/{attempt}")
        c = Ctx(rng, part, corpus)
        if corpus is not None and corpus.n(part) and rng.random() < corpus_share:
            plan = corpus_plan(c, corpus)
        else:
            kinds = sorted(BUILDERS)
            kind = rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]
            plan = BUILDERS[kind](c)
        if plan is None:
            continue
        ex = assemble(plan, c, max_chars)
        if ex is not None:
            ex["id"] = f"{split}-{index:06d}"
            return ex
    raise RuntimeError(f"could not make example {split}/{index}")


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------

SPLIT_SEED_OFFSET = {"train": 0, "validation": 1_000_003, "test": 2_000_003}


def normalize_file(fruitbench, src, dst):
    subprocess.run([fruitbench, "normalize", src, "--output", dst], check=True)


def write_split(path, split, n, seed, corpus, fruitbench, max_chars, corpus_share):
    meta_path = path[:-len(".jsonl")] + ".meta.jsonl"
    tmp = path + ".raw"
    with open(tmp, "w", encoding="utf-8") as f, open(meta_path, "w", encoding="utf-8") as fm:
        for i in range(n):
            ex = make_example(seed + SPLIT_SEED_OFFSET[split], split, i, corpus, max_chars, corpus_share)
            f.write(json.dumps({"id": ex["id"], "inputs": ex["inputs"], "targets": ex["targets"]}, ensure_ascii=False) + "\n")
            fm.write(json.dumps({"id": ex["id"], "kind": ex["kind"], "updates": ex["updates"], "ops": ex["ops"]}) + "\n")
    if fruitbench:
        normalize_file(fruitbench, tmp, path)
        os.remove(tmp)
        # Every target must be a well-formed edit of its input.
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as p:
            with open(path, encoding="utf-8") as g:
                for line in g:
                    d = json.loads(line)
                    p.write(json.dumps({"id": d["id"], "targets": d["targets"]}, ensure_ascii=False) + "\n")
        try:
            subprocess.run([fruitbench, "validate", "--gold", path, "--pred", p.name], check=True,
                           stdout=subprocess.DEVNULL)
        finally:
            os.remove(p.name)
    else:
        os.replace(tmp, path)


def write_tokenizer_corpus(path, corpus, n_examples, seed, max_chars, corpus_share):
    """Text for the tokenizer: the corpus paragraphs (all partitions: it is public text, not our
    test set) and the inputs and targets of n_examples generated training examples."""
    with open(path, "w", encoding="utf-8") as f:
        if corpus is not None:
            for part in ("train", "test"):
                for art in corpus.articles[part]:
                    f.write(art["title"] + "\n")
                    for sec, paras in art["sections"]:
                        f.write(sec + "\n")
                        for p in paras:
                            f.write(" ".join(p) + "\n")
        for i in range(n_examples):
            ex = make_example(seed + 7_000_003, "train", i, corpus, max_chars, corpus_share)
            f.write(ex["inputs"] + "\n" + ex["targets"] + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--corpus", action="append", default=[], help="WikiText-style text file (repeatable)")
    ap.add_argument("--n-train", type=int, default=0, help="0: no train file (train.py generates on the fly)")
    ap.add_argument("--n-validation", type=int, default=500)
    ap.add_argument("--n-test", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-chars", type=int, default=2400)
    ap.add_argument("--corpus-share", type=float, default=0.35)
    ap.add_argument("--fruitbench", default="./build/fruitbench", help="'' to skip normalization")
    ap.add_argument("--print", type=int, default=0, help="print N training examples and exit")
    ap.add_argument("--tokenizer-corpus", metavar="FILE", help="write text for the tokenizer to FILE and exit")
    ap.add_argument("--tokenizer-examples", type=int, default=20000)
    a = ap.parse_args(argv)
    corpus = Corpus(a.corpus) if a.corpus else None
    if a.tokenizer_corpus:
        write_tokenizer_corpus(a.tokenizer_corpus, corpus, a.tokenizer_examples, a.seed, a.max_chars, a.corpus_share)
        return
    if a.print:
        for i in range(a.print):
            ex = make_example(a.seed, "train", i, corpus, a.max_chars, a.corpus_share)
            print(json.dumps(ex, ensure_ascii=False, indent=1))
        return
    os.makedirs(a.out, exist_ok=True)
    for split, n in (("train", a.n_train), ("validation", a.n_validation), ("test", a.n_test)):
        if n:
            write_split(os.path.join(a.out, f"{split}.jsonl"), split, n, a.seed, corpus, a.fruitbench,
                        a.max_chars, a.corpus_share)
            print(f"{split}: {n} examples -> {os.path.join(a.out, split + '.jsonl')}", file=sys.stderr)


if __name__ == "__main__":
    main()
