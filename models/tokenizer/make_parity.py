"""Writes the tokenizer parity fixture: one JSON object per line,
{"text": ..., "ids": [...]}, where ids are SentencePiece's encoding of text
followed by the eos id (the reference; tokenizer.json adds eos through its
post_processor). A line also has "decoded" when SentencePiece's decoding of
ids is not text itself.

    /usr/bin/python3 models/tokenizer/make_parity.py --model DIR/spiece.model --out DIR/parity.jsonl

Texts (dev_text.parity_texts): realistic encyclopedic sentences, FRUIT inputs
and targets with every marker, NFC and NFD accents, CJK, emoji ZWJ sequences,
long numbers, tabs, newlines and runs of spaces, the empty string, markers
glued to text, scripts absent from the training corpus (byte fallback) and
random code points from every plane.

Left out on purpose: texts containing the special tokens "<pad>", "</s>" or
"<unk>" literally. tokenizer.json (like every Hugging Face tokenizer) reads
them as the special token; SentencePiece spells them out in characters.
"""

import argparse
import json
import os
import sys

import sentencepiece as spm

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dev_text import parity_texts  # noqa: E402

SPECIAL_LITERALS = ("<pad>", "</s>", "<unk>")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--count", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    sp = spm.SentencePieceProcessor(model_file=args.model)
    eos = sp.eos_id()
    assert eos >= 0
    seen = set()
    lines = 0
    byte_lines = 0
    with open(args.out, "w", encoding="utf-8") as f:
        for text in parity_texts(args.seed, args.count):
            if text in seen or any(s in text for s in SPECIAL_LITERALS):
                continue
            seen.add(text)
            ids = sp.encode(text) + [eos]
            record = {"text": text, "ids": ids}
            decoded = sp.decode(ids)
            if decoded != text:
                record["decoded"] = decoded
            if any(sp.is_byte(i) for i in ids):
                byte_lines += 1
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            lines += 1
    print("wrote %d lines (%d with byte fallback) to %s" % (lines, byte_lines, args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
