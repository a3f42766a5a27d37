"""Rebuilds spiece.model from a committed tokenizer.json (the inverse of
train_tokenizer.py --convert), so that a model can be trained further with
exactly the tokenizer it shipped with: training tokenizes with SentencePiece,
and only tokenizer.json is committed.

    /usr/bin/python3 models/tokenizer/spiece_from_json.py models/fruit_edit5/tokenizer.json --out DIR

DIR receives spiece.model, tokenizer.json, tokenizer_config.json and
special_tokens_map.json (the last three copied). The proto gets the settings
train_tokenizer.py trains with (unigram, identity normalization, no dummy
prefix, whitespace kept, byte fallback as tokenizer.json says); byte pieces get
score 0, as SentencePiece writes them (tokenizer.json's BYTE_PIECE_SCORE only
exists for transformers.js). The script refuses to write the folder unless
converting the rebuilt proto back with train_tokenizer.py gives the same
tokenizer.json.
"""

import argparse
import json
import os
import re
import shutil
import sys

from sentencepiece import sentencepiece_model_pb2 as pb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_tokenizer  # noqa: E402

BYTE = re.compile(r"<0x[0-9A-F]{2}>")


def build(tok):
    m = tok["model"]
    added = {t["id"]: t for t in tok["added_tokens"]}
    proto = pb.ModelProto()
    for i, (piece, score) in enumerate(m["vocab"]):
        p = proto.pieces.add()
        p.piece = piece
        p.score = score
        if i == m["unk_id"]:
            p.type = pb.ModelProto.SentencePiece.UNKNOWN
        elif i in added:
            p.type = (pb.ModelProto.SentencePiece.CONTROL if added[i]["special"]
                      else pb.ModelProto.SentencePiece.USER_DEFINED)
        elif BYTE.fullmatch(piece):
            p.type = pb.ModelProto.SentencePiece.BYTE
            p.score = 0.0
        else:
            p.type = pb.ModelProto.SentencePiece.NORMAL
    ids = {t["content"]: t["id"] for t in tok["added_tokens"]}
    t = proto.trainer_spec
    t.model_type = pb.TrainerSpec.UNIGRAM
    t.vocab_size = len(m["vocab"])
    t.byte_fallback = bool(m.get("byte_fallback"))
    t.unk_id, t.eos_id, t.pad_id, t.bos_id = m["unk_id"], ids["</s>"], ids["<pad>"], -1
    t.unk_piece, t.eos_piece, t.pad_piece = "<unk>", "</s>", "<pad>"
    n = proto.normalizer_spec
    n.name = "identity"
    n.add_dummy_prefix = False
    n.remove_extra_whitespaces = False
    n.escape_whitespaces = True
    return proto


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tokenizer_json")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    with open(a.tokenizer_json, encoding="utf-8") as f:
        tok = json.load(f)
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "spiece.model")
    with open(path, "wb") as f:
        f.write(build(tok).SerializeToString())
    # The round trip must give back the committed tokenizer.json exactly.
    again, config, special = train_tokenizer.convert(path)
    if json.loads(json.dumps(again)) != tok:
        raise SystemExit("round trip differs: the rebuilt spiece.model does not match " + a.tokenizer_json)
    src = os.path.dirname(os.path.abspath(a.tokenizer_json))
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copyfile(os.path.join(src, name), os.path.join(a.out, name))
    print(f"{path}: {len(tok['model']['vocab'])} pieces, round trip identical", file=sys.stderr)


if __name__ == "__main__":
    main()
