"""Trains the FRUIT editor's SentencePiece unigram tokenizer and exports it
as a Hugging Face tokenizer folder that transformers.js and core/tokenizer.cc
read.

    /usr/bin/python3 models/tokenizer/train_tokenizer.py --corpus CORPUS.txt [...] --out DIR
    /usr/bin/python3 models/tokenizer/train_tokenizer.py --convert DIR/spiece.model --out DIR

DIR receives
    spiece.model             the SentencePiece model (the reference encoder)
    tokenizer.json           the same tokenizer for transformers.js / tokenizers / core/tokenizer.cc
    tokenizer_config.json    T5-style config (eos "</s>", pad "<pad>", unk "<unk>")
    special_tokens_map.json

Training settings (see README.md for why):
    unigram, --vocab-size (default 8000), byte_fallback, identity normalization
    (no NFKC), add_dummy_prefix=false, remove_extra_whitespaces=false,
    pad=0 "<pad>", eos=1 "</s>", unk=2 "<unk>", no bos, and the task's markers
    [CONTEXT] [HEADER] [COL] [ROW] [CAPTION] [0]..[127] (0)..(63) as
    user-defined symbols (ids 3..199).

The conversion reads the model proto directly (a few lines of protobuf wire
format; Debian's python3-sentencepiece lacks python3-protobuf) and refuses
any model whose normalization it cannot express exactly.

Needs Debian's /usr/bin/python3 with python3-sentencepiece (training goes
through its Python binding; the spm_train command is not needed).
"""

import argparse
import json
import os
import shutil
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dev_text import MARKERS  # noqa: E402

SPACE = "\u2581"
# Byte pieces <0x00>..<0xFF> are only for byte fallback. SentencePiece never
# matches them against text; transformers.js and tokenizers would (a literal
# "<0x41>" in the text would become the byte 'A'), so tokenizer.json gives
# them a score no path of ordinary pieces can lose to. This also lowers the
# unknown-character score (min score - 10), which is harmless: every
# segmentation of a text goes through the same unknown characters.
BYTE_PIECE_SCORE = -10000.0

# SentencePiece piece types (sentencepiece_model.proto).
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6


# --- a minimal protobuf reader -------------------------------------------------

def _varint(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7


def _fields(data):
    """Yields (field number, wire type, value) of one protobuf message."""
    pos = 0
    while pos < len(data):
        key, pos = _varint(data, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(data, pos)
        elif wire == 1:
            value, pos = data[pos:pos + 8], pos + 8
        elif wire == 2:
            length, pos = _varint(data, pos)
            value, pos = data[pos:pos + length], pos + length
        elif wire == 5:
            value, pos = data[pos:pos + 4], pos + 4
        else:
            raise ValueError("unsupported protobuf wire type %d" % wire)
        yield field, wire, value


def read_model_proto(path):
    with open(path, "rb") as f:
        data = f.read()
    pieces = []
    trainer = {"model_type": 1, "byte_fallback": False, "treat_whitespace_as_suffix": False,
               "unk_id": 0, "eos_id": 2, "pad_id": -1, "bos_id": 1}
    normalizer = {"name": "", "precompiled_charsmap": b"", "add_dummy_prefix": True,
                  "remove_extra_whitespaces": True, "escape_whitespaces": True}
    trainer_fields = {3: "model_type", 35: "byte_fallback", 24: "treat_whitespace_as_suffix",
                      40: "unk_id", 41: "bos_id", 42: "eos_id", 43: "pad_id"}
    normalizer_fields = {3: "add_dummy_prefix", 4: "remove_extra_whitespaces", 5: "escape_whitespaces"}
    has_denormalizer = False
    for field, _, value in _fields(data):
        if field == 1:
            piece = {"piece": "", "score": 0.0, "type": NORMAL}
            for f2, _, v2 in _fields(value):
                if f2 == 1:
                    piece["piece"] = v2.decode("utf-8")
                elif f2 == 2:
                    piece["score"] = struct.unpack("<f", v2)[0]
                elif f2 == 3:
                    piece["type"] = v2
            pieces.append(piece)
        elif field == 2:
            for f2, _, v2 in _fields(value):
                if f2 in trainer_fields:
                    key = trainer_fields[f2]
                    if key in ("byte_fallback", "treat_whitespace_as_suffix"):
                        trainer[key] = bool(v2)
                    else:  # int32 ids: -1 is a 10-byte varint
                        trainer[key] = v2 - (1 << 64) if v2 >= 1 << 63 else v2
        elif field == 3:
            for f2, _, v2 in _fields(value):
                if f2 == 1:
                    normalizer["name"] = v2.decode("utf-8")
                elif f2 == 2:
                    normalizer["precompiled_charsmap"] = v2
                elif f2 in normalizer_fields:
                    normalizer[normalizer_fields[f2]] = bool(v2)
        elif field == 5:
            has_denormalizer = True
    return pieces, trainer, normalizer, has_denormalizer


# --- conversion ----------------------------------------------------------------

def convert(model_path):
    """Returns (tokenizer.json, tokenizer_config.json, special_tokens_map.json) dicts.

    The markers and <pad> </s> <unk> become added tokens (markers not
    special); byte pieces get BYTE_PIECE_SCORE; every other score is
    SentencePiece's (a float32 value, written exactly)."""
    pieces, trainer, normalizer, has_denormalizer = read_model_proto(model_path)
    problems = []
    if trainer["model_type"] != 1:
        problems.append("model_type %d is not UNIGRAM" % trainer["model_type"])
    if normalizer["precompiled_charsmap"] or normalizer["name"] not in ("identity", ""):
        problems.append("normalization rule %r is not identity" % normalizer["name"])
    if normalizer["add_dummy_prefix"]:
        problems.append("add_dummy_prefix must be false (see README.md: markers as added tokens)")
    if normalizer["remove_extra_whitespaces"]:
        problems.append("remove_extra_whitespaces must be false")
    if not normalizer["escape_whitespaces"]:
        problems.append("escape_whitespaces must be true")
    if trainer["treat_whitespace_as_suffix"]:
        problems.append("treat_whitespace_as_suffix must be false")
    if has_denormalizer:
        problems.append("a denormalizer is not supported")
    if problems:
        raise SystemExit("cannot convert %s exactly: %s" % (model_path, "; ".join(problems)))

    normal_scores = [p["score"] for p in pieces if p["type"] == NORMAL]
    vocab = []
    added = []
    for i, p in enumerate(pieces):
        score = p["score"]
        if p["type"] == BYTE:
            score = BYTE_PIECE_SCORE
        vocab.append([p["piece"], score])
        if p["type"] in (CONTROL, UNKNOWN, USER_DEFINED):
            added.append({"id": i, "content": p["piece"], "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": p["type"] != USER_DEFINED})
        if p["type"] == UNUSED:
            raise SystemExit("unused pieces are not supported (%r)" % p["piece"])
    assert min(normal_scores) > BYTE_PIECE_SCORE + 1000
    unk_id, eos_id, pad_id = trainer["unk_id"], trainer["eos_id"], trainer["pad_id"]
    eos, pad, unk = pieces[eos_id]["piece"], pieces[pad_id]["piece"], pieces[unk_id]["piece"]
    tokenizer = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": None,
        "pre_tokenizer": {"type": "Metaspace", "replacement": SPACE, "prepend_scheme": "never", "split": False},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": eos, "type_id": 0}}],
            "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": eos, "type_id": 0}},
                     {"Sequence": {"id": "B", "type_id": 0}}, {"SpecialToken": {"id": eos, "type_id": 0}}],
            "special_tokens": {eos: {"id": eos, "ids": [eos_id], "tokens": [eos]}},
        },
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": SPACE}, "content": " "},
            {"type": "ByteFallback"},
            {"type": "Fuse"},
        ]},
        "model": {"type": "Unigram", "unk_id": unk_id, "vocab": vocab, "byte_fallback": trainer["byte_fallback"]},
    }
    added_tokens_decoder = {str(t["id"]): {k: t[k] for k in ("content", "lstrip", "normalized", "rstrip", "single_word", "special")}
                            for t in added}
    config = {
        "tokenizer_class": "T5Tokenizer",
        "eos_token": eos,
        "pad_token": pad,
        "unk_token": unk,
        "extra_ids": 0,
        "additional_special_tokens": [],
        "clean_up_tokenization_spaces": False,
        "add_prefix_space": False,
        "legacy": False,
        "sp_model_kwargs": {},
        "added_tokens_decoder": added_tokens_decoder,
    }
    special_map = {"eos_token": eos, "pad_token": pad, "unk_token": unk}
    return tokenizer, config, special_map


def check_model(model_path):
    """Checks what tokenizer.json's reading relies on; raises SystemExit if not.

    SentencePiece matches user-defined symbols inside its lattice (with a
    bonus score), tokenizer.json cuts added tokens out first. They agree when
    no segmentation through ordinary pieces ever beats a marker: tried here
    for every marker glued on either side to every piece that shares a
    character with the markers. Also warns when a character of "<0xNN>" is
    no single-character piece: a literal "<0x41>" in a text could then read
    as the byte piece in transformers.js (never in SentencePiece).
    """
    import sentencepiece as spm
    sp = spm.SentencePieceProcessor(model_file=model_path)
    pieces, _, _, _ = read_model_proto(model_path)
    marker_ids = {sp.piece_to_id(m): m for m in MARKERS}
    assert all(sp.id_to_piece(i) == m for i, m in marker_ids.items()), "a marker is missing from the model"
    singles = {p["piece"] for p in pieces if p["type"] == NORMAL and len(p["piece"]) == 1}
    missing = [c for c in "<>x0123456789ABCDEF" if c not in singles]
    if missing:
        print("warning: no single-character piece for %s: a literal '<0xNN>' in a text may read as a byte "
              "piece in tokenizer.json (add such text to the corpus)" % " ".join(missing), file=sys.stderr)
    marker_chars = set("".join(MARKERS))
    neighbours = [p["piece"].replace(SPACE, " ") for p in pieces
                  if p["type"] == NORMAL and marker_chars & set(p["piece"])]
    bad = []
    for marker, text in ((m, t) for m in MARKERS for n in neighbours for t in (n + m, m + n, n + m + n)):
        if sp.piece_to_id(marker) not in sp.encode(text):
            bad.append(text)
    if bad:
        raise SystemExit("SentencePiece does not keep the marker whole in %d texts, e.g. %r" % (len(bad), bad[:5]))
    print("checked markers against %d neighbouring pieces" % len(neighbours), file=sys.stderr)


def write_folder(model_path, out_dir):
    tokenizer, config, special_map = convert(model_path)
    os.makedirs(out_dir, exist_ok=True)
    target = os.path.join(out_dir, "spiece.model")
    if os.path.abspath(model_path) != os.path.abspath(target):
        shutil.copyfile(model_path, target)
    # One vocab entry per line keeps the file diffable.
    with open(os.path.join(out_dir, "tokenizer.json"), "w", encoding="utf-8") as f:
        body = dict(tokenizer)
        model = dict(body.pop("model"))
        vocab = model.pop("vocab")
        head = json.dumps(body, ensure_ascii=False, indent=1)[:-2]
        f.write(head + ',\n "model": ' + json.dumps(model, ensure_ascii=False)[:-1] + ', "vocab": [\n')
        f.write(",\n".join(json.dumps(v, ensure_ascii=False) for v in vocab))
        f.write("\n]}\n}\n")
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(os.path.join(out_dir, "special_tokens_map.json"), "w", encoding="utf-8") as f:
        json.dump(special_map, f, ensure_ascii=False, indent=1)
        f.write("\n")
    # The file must read back as what we meant.
    with open(os.path.join(out_dir, "tokenizer.json"), encoding="utf-8") as f:
        assert json.load(f) == json.loads(json.dumps(tokenizer))


def train(corpus, vocab_size, out_dir, character_coverage, split_digits, threads, input_sentence_size):
    import sentencepiece as spm
    corpus = [os.path.abspath(path) for path in corpus]
    out_dir = os.path.abspath(out_dir)
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        # A relative model_prefix: the model records it, and a random
        # temporary path would make every retraining's file differ.
        os.chdir(tmp)
        prefix = "spiece"
        spm.SentencePieceTrainer.train(
            input=",".join(corpus),
            model_prefix=prefix,
            model_type="unigram",
            vocab_size=vocab_size,
            character_coverage=character_coverage,
            byte_fallback=True,
            normalization_rule_name="identity",
            add_dummy_prefix=False,
            remove_extra_whitespaces=False,
            split_digits=split_digits,
            pad_id=0, pad_piece="<pad>",
            eos_id=1, eos_piece="</s>",
            unk_id=2, unk_piece="<unk>",
            bos_id=-1,
            user_defined_symbols=MARKERS,
            max_sentence_length=1 << 16,
            input_sentence_size=input_sentence_size,
            shuffle_input_sentence=True,
            num_threads=threads,
            minloglevel=1,
        )
        os.makedirs(out_dir, exist_ok=True)
        shutil.copyfile(prefix + ".model", os.path.join(out_dir, "spiece.model"))
        os.chdir(cwd)
    check_model(os.path.join(out_dir, "spiece.model"))
    write_folder(os.path.join(out_dir, "spiece.model"), out_dir)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", nargs="+", help="UTF-8 text files, one sentence or paragraph per line")
    parser.add_argument("--convert", metavar="MODEL", help="only convert an existing spiece.model")
    parser.add_argument("--out", required=True, help="output folder")
    parser.add_argument("--vocab-size", type=int, default=8000)
    parser.add_argument("--character-coverage", type=float, default=0.9995)
    parser.add_argument("--split-digits", action="store_true", help="split numbers into single digits")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--input-sentence-size", type=int, default=0, help="sample this many lines (0 = all)")
    args = parser.parse_args()
    if bool(args.corpus) == bool(args.convert):
        parser.error("give exactly one of --corpus and --convert")
    if args.convert:
        check_model(args.convert)
        write_folder(args.convert, args.out)
    else:
        train(args.corpus, args.vocab_size, args.out, args.character_coverage, args.split_digits, args.threads,
              args.input_sentence_size)
    print("wrote %s" % args.out, file=sys.stderr)


if __name__ == "__main__":
    main()
