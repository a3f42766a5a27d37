"""T5 in plain PyTorch, with Hugging Face's T5ForConditionalGeneration parameter names and maths.

State-dict keys and shapes are those of transformers' T5ForConditionalGeneration, so that the
saved pytorch_model.bin loads there unchanged:

    shared.weight                                            [vocab, d_model]
    encoder.embed_tokens.weight, decoder.embed_tokens.weight (tied to shared.weight)
    encoder.block.{i}.layer.0.SelfAttention.{q,k,v,o}.weight
    encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight   [num_buckets, n_heads]
    encoder.block.{i}.layer.0.layer_norm.weight
    encoder.block.{i}.layer.1.DenseReluDense.{wi,wo}.weight           (feed_forward_proj "relu")
    encoder.block.{i}.layer.1.DenseReluDense.{wi_0,wi_1,wo}.weight    (feed_forward_proj "gated-gelu")
    encoder.block.{i}.layer.1.layer_norm.weight
    encoder.final_layer_norm.weight
    decoder.block.{i}.layer.0.SelfAttention.*  (relative_attention_bias on block 0)
    decoder.block.{i}.layer.1.EncDecAttention.{q,k,v,o}.weight, layer.1.layer_norm.weight
    decoder.block.{i}.layer.2.DenseReluDense.*, layer.2.layer_norm.weight
    decoder.final_layer_norm.weight
    lm_head.weight                             (tied to shared.weight when tie_word_embeddings)

As in transformers: RMS layer norm without mean or bias (variance in float32), no 1/sqrt(d_kv)
scaling of attention scores, relative position buckets bidirectional in the encoder and
unidirectional in the decoder (computed once in block 0 and shared by all blocks), no position
bias in cross-attention, masks added as finfo.min, and the decoder output multiplied by
d_model**-0.5 before a tied lm_head.
"""

import json
import math
from dataclasses import asdict, dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class T5Config:
    vocab_size: int = 8000
    d_model: int = 256
    d_kv: int = 64
    d_ff: int = 1024
    num_layers: int = 4
    num_decoder_layers: int = 4
    num_heads: int = 4
    relative_attention_num_buckets: int = 32
    relative_attention_max_distance: int = 128
    dropout_rate: float = 0.1
    layer_norm_epsilon: float = 1e-6
    initializer_factor: float = 1.0
    feed_forward_proj: str = "relu"
    tie_word_embeddings: bool = True
    pad_token_id: int = 0
    eos_token_id: int = 1
    decoder_start_token_id: int = 0

    def hf_dict(self):
        """config.json as transformers writes it for T5ForConditionalGeneration."""
        d = asdict(self)
        gated = self.feed_forward_proj.startswith("gated-")
        d.update({
            "architectures": ["T5ForConditionalGeneration"],
            "model_type": "t5",
            "is_encoder_decoder": True,
            "is_gated_act": gated,
            "dense_act_fn": self.feed_forward_proj.split("-")[-1] if gated else self.feed_forward_proj,
            "use_cache": True,
            "classifier_dropout": 0.0,
            "torch_dtype": "float32",
            "transformers_version": "4.46.0",
        })
        return d

    @classmethod
    def from_json(cls, path):
        with open(path) as f:
            d = json.load(f)
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})


class T5LayerNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        var = x.to(torch.float32).pow(2).mean(-1, keepdim=True)
        x = x * torch.rsqrt(var + self.eps)
        if self.weight.dtype in (torch.float16, torch.bfloat16):
            x = x.to(self.weight.dtype)
        return self.weight * x


class DenseReluDense(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.gated = cfg.feed_forward_proj.startswith("gated-")
        if self.gated:
            self.wi_0 = nn.Linear(cfg.d_model, cfg.d_ff, bias=False)
            self.wi_1 = nn.Linear(cfg.d_model, cfg.d_ff, bias=False)
        else:
            self.wi = nn.Linear(cfg.d_model, cfg.d_ff, bias=False)
        self.wo = nn.Linear(cfg.d_ff, cfg.d_model, bias=False)
        self.dropout = nn.Dropout(cfg.dropout_rate)

    def forward(self, x):
        if self.gated:  # transformers' "gelu_new" (tanh approximation)
            h = F.gelu(self.wi_0(x), approximate="tanh") * self.wi_1(x)
        else:
            h = F.relu(self.wi(x))
        return self.wo(self.dropout(h))


class LayerFF(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.DenseReluDense = DenseReluDense(cfg)
        self.layer_norm = T5LayerNorm(cfg.d_model, cfg.layer_norm_epsilon)
        self.dropout = nn.Dropout(cfg.dropout_rate)

    def forward(self, x):
        return x + self.dropout(self.DenseReluDense(self.layer_norm(x)))


def relative_position_bucket(relative_position, bidirectional, num_buckets, max_distance):
    """transformers' T5Attention._relative_position_bucket."""
    buckets = 0
    if bidirectional:
        num_buckets //= 2
        buckets = buckets + (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    large = max_exact + (
        torch.log(relative_position.float() / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    ).to(torch.long)
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    return buckets + torch.where(is_small, relative_position, large)


class Attention(nn.Module):
    def __init__(self, cfg, has_relative_attention_bias, bidirectional):
        super().__init__()
        self.n_heads, self.d_kv = cfg.num_heads, cfg.d_kv
        inner = cfg.num_heads * cfg.d_kv
        self.q = nn.Linear(cfg.d_model, inner, bias=False)
        self.k = nn.Linear(cfg.d_model, inner, bias=False)
        self.v = nn.Linear(cfg.d_model, inner, bias=False)
        self.o = nn.Linear(inner, cfg.d_model, bias=False)
        self.has_relative_attention_bias = has_relative_attention_bias
        self.bidirectional = bidirectional
        self.num_buckets = cfg.relative_attention_num_buckets
        self.max_distance = cfg.relative_attention_max_distance
        if has_relative_attention_bias:
            self.relative_attention_bias = nn.Embedding(self.num_buckets, self.n_heads)
        self.dropout = cfg.dropout_rate

    def compute_bias(self, query_positions, key_length):
        """[1, heads, len(query_positions), key_length]; query_positions: 1-D long tensor."""
        memory = torch.arange(key_length, dtype=torch.long, device=query_positions.device)[None, :]
        rel = memory - query_positions[:, None]
        b = relative_position_bucket(rel, self.bidirectional, self.num_buckets, self.max_distance)
        values = self.relative_attention_bias(b)  # [q, k, heads]
        return values.permute(2, 0, 1).unsqueeze(0)

    def shape(self, x):
        return x.view(x.size(0), -1, self.n_heads, self.d_kv).transpose(1, 2)

    def forward(self, x, kv=None, mask=None, position_bias=None, past_kv=None, cross_kv=None):
        """x: [b, q, d]. Self-attention when kv is None (past_kv: (k, v) of earlier steps);
        cross-attention over kv otherwise (or over precomputed cross_kv).
        Returns (output, position_bias, (k, v))."""
        q = self.shape(self.q(x))
        if cross_kv is not None:
            k, v = cross_kv
        elif kv is not None:
            k, v = self.shape(self.k(kv)), self.shape(self.v(kv))
        else:
            k, v = self.shape(self.k(x)), self.shape(self.v(x))
            if past_kv is not None:
                k = torch.cat([past_kv[0], k], dim=2)
                v = torch.cat([past_kv[1], v], dim=2)
        scores = torch.matmul(q, k.transpose(3, 2))
        if position_bias is None:
            if self.has_relative_attention_bias:
                past = k.size(2) - q.size(2)
                qpos = torch.arange(q.size(2), dtype=torch.long, device=x.device) + past
                position_bias = self.compute_bias(qpos, k.size(2)).to(scores.dtype)
            else:
                position_bias = torch.zeros((1, self.n_heads, q.size(2), k.size(2)), dtype=scores.dtype, device=x.device)
            if mask is not None:
                position_bias = position_bias + mask
        scores = scores + position_bias
        w = F.softmax(scores.float(), dim=-1).type_as(scores)
        w = F.dropout(w, p=self.dropout, training=self.training)
        out = torch.matmul(w, v).transpose(1, 2).contiguous().view(x.size(0), -1, self.n_heads * self.d_kv)
        return self.o(out), position_bias, (k, v)


class LayerSelfAttention(nn.Module):
    def __init__(self, cfg, has_bias, bidirectional):
        super().__init__()
        self.SelfAttention = Attention(cfg, has_bias, bidirectional)
        self.layer_norm = T5LayerNorm(cfg.d_model, cfg.layer_norm_epsilon)
        self.dropout = nn.Dropout(cfg.dropout_rate)

    def forward(self, x, mask, position_bias, past_kv=None):
        y, pb, kv = self.SelfAttention(self.layer_norm(x), mask=mask, position_bias=position_bias, past_kv=past_kv)
        return x + self.dropout(y), pb, kv


class LayerCrossAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.EncDecAttention = Attention(cfg, False, True)
        self.layer_norm = T5LayerNorm(cfg.d_model, cfg.layer_norm_epsilon)
        self.dropout = nn.Dropout(cfg.dropout_rate)

    def forward(self, x, enc, mask, position_bias, cross_kv=None):
        y, pb, kv = self.EncDecAttention(self.layer_norm(x), kv=enc, mask=mask, position_bias=position_bias, cross_kv=cross_kv)
        return x + self.dropout(y), pb, kv


class Block(nn.Module):
    def __init__(self, cfg, is_decoder, has_bias):
        super().__init__()
        self.is_decoder = is_decoder
        layers = [LayerSelfAttention(cfg, has_bias, bidirectional=not is_decoder)]
        if is_decoder:
            layers.append(LayerCrossAttention(cfg))
        layers.append(LayerFF(cfg))
        self.layer = nn.ModuleList(layers)


def extended_mask(mask2d, dtype):
    """[b, k] of 1/0 -> [b, 1, 1, k] additive mask (0 or finfo.min)."""
    return (1.0 - mask2d[:, None, None, :].to(dtype)) * torch.finfo(dtype).min


class Stack(nn.Module):
    def __init__(self, cfg, embed_tokens, is_decoder):
        super().__init__()
        self.embed_tokens = embed_tokens
        self.is_decoder = is_decoder
        n = cfg.num_decoder_layers if is_decoder else cfg.num_layers
        self.block = nn.ModuleList([Block(cfg, is_decoder, has_bias=(i == 0)) for i in range(n)])
        self.final_layer_norm = T5LayerNorm(cfg.d_model, cfg.layer_norm_epsilon)
        self.dropout = nn.Dropout(cfg.dropout_rate)

    def encode(self, input_ids, attention_mask):
        x = self.dropout(self.embed_tokens(input_ids))
        mask = extended_mask(attention_mask, x.dtype)
        pb = None
        for blk in self.block:
            x, pb, _ = blk.layer[0](x, mask, pb)
            x = blk.layer[1](x)
        return self.dropout(self.final_layer_norm(x))

    def decode(self, input_ids, enc, enc_mask2d, past=None):
        """past: None or per layer (self_k, self_v, cross_k, cross_v). Returns (hidden, present)."""
        x = self.dropout(self.embed_tokens(input_ids))
        qlen = input_ids.size(1)
        past_len = 0 if past is None else past[0][0].size(2)
        klen = past_len + qlen
        # causal mask: query at absolute position past_len + i sees keys <= it
        qpos = torch.arange(qlen, device=x.device)[:, None] + past_len
        kpos = torch.arange(klen, device=x.device)[None, :]
        causal = (kpos <= qpos).to(x.dtype)
        self_mask = ((1.0 - causal) * torch.finfo(x.dtype).min)[None, None, :, :]
        cross_mask = extended_mask(enc_mask2d, x.dtype)
        pb = cb = None
        present = []
        for i, blk in enumerate(self.block):
            lp = None if past is None else past[i]
            x, pb, skv = blk.layer[0](x, self_mask, pb, past_kv=None if lp is None else (lp[0], lp[1]))
            x, cb, ckv = blk.layer[1](x, enc, cross_mask, cb, cross_kv=None if lp is None else (lp[2], lp[3]))
            x = blk.layer[2](x)
            present.append((skv[0], skv[1], ckv[0], ckv[1]))
        return self.dropout(self.final_layer_norm(x)), present


class T5ForConditionalGeneration(nn.Module):
    def __init__(self, cfg: T5Config):
        super().__init__()
        self.config = cfg
        self.shared = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.encoder = Stack(cfg, self.shared, is_decoder=False)
        self.decoder = Stack(cfg, self.shared, is_decoder=True)
        self.lm_head = nn.Linear(cfg.d_model, cfg.vocab_size, bias=False)
        if cfg.tie_word_embeddings:
            self.lm_head.weight = self.shared.weight
        self.apply(self._init_weights)

    def _init_weights(self, m):
        """transformers' T5PreTrainedModel._init_weights."""
        f, c = self.config.initializer_factor, self.config
        if isinstance(m, T5LayerNorm):
            m.weight.data.fill_(f * 1.0)
        elif isinstance(m, T5ForConditionalGeneration):
            m.shared.weight.data.normal_(0.0, f * 1.0)
            if not c.tie_word_embeddings:
                m.lm_head.weight.data.normal_(0.0, f * 1.0)
        elif isinstance(m, DenseReluDense):
            if m.gated:
                m.wi_0.weight.data.normal_(0.0, f * c.d_model ** -0.5)
                m.wi_1.weight.data.normal_(0.0, f * c.d_model ** -0.5)
            else:
                m.wi.weight.data.normal_(0.0, f * c.d_model ** -0.5)
            m.wo.weight.data.normal_(0.0, f * c.d_ff ** -0.5)
        elif isinstance(m, Attention):
            m.q.weight.data.normal_(0.0, f * (c.d_model * c.d_kv) ** -0.5)
            m.k.weight.data.normal_(0.0, f * c.d_model ** -0.5)
            m.v.weight.data.normal_(0.0, f * c.d_model ** -0.5)
            m.o.weight.data.normal_(0.0, f * (c.num_heads * c.d_kv) ** -0.5)
            if m.has_relative_attention_bias:
                m.relative_attention_bias.weight.data.normal_(0.0, f * c.d_model ** -0.5)

    def logits(self, hidden):
        if self.config.tie_word_embeddings:
            hidden = hidden * (self.config.d_model ** -0.5)
        return self.lm_head(hidden)

    def shift_right(self, labels):
        start = torch.full_like(labels[:, :1], self.config.decoder_start_token_id)
        dec = torch.cat([start, labels[:, :-1]], dim=1)
        return dec.masked_fill(dec == -100, self.config.pad_token_id)

    def forward(self, input_ids, attention_mask, labels=None, decoder_input_ids=None):
        enc = self.encoder.encode(input_ids, attention_mask)
        if decoder_input_ids is None:
            decoder_input_ids = self.shift_right(labels)
        h, _ = self.decoder.decode(decoder_input_ids, enc, attention_mask)
        logits = self.logits(h)
        loss = None
        if labels is not None:
            loss = F.cross_entropy(logits.float().view(-1, logits.size(-1)), labels.view(-1), ignore_index=-100)
        return loss, logits

    def hf_state_dict(self):
        """State dict with the keys transformers saves (embed_tokens and lm_head included)."""
        sd = self.state_dict()
        sd["encoder.embed_tokens.weight"] = self.shared.weight.data
        sd["decoder.embed_tokens.weight"] = self.shared.weight.data
        return dict(sorted(sd.items()))

    def load_hf_state_dict(self, sd):
        sd = dict(sd)
        if "lm_head.weight" not in sd and self.config.tie_word_embeddings:
            sd["lm_head.weight"] = sd["shared.weight"]
        missing, unexpected = self.load_state_dict(sd, strict=False)
        missing = [k for k in missing if not k.endswith("embed_tokens.weight")]
        if missing or unexpected:
            raise ValueError(f"state dict mismatch: missing {missing}, unexpected {unexpected}")

    @torch.no_grad()
    def greedy(self, input_ids, attention_mask, max_new_tokens=256):
        """Greedy decoding with the key/value cache; returns generated ids (without the start token)."""
        self.eval()
        enc = self.encoder.encode(input_ids, attention_mask)
        b = input_ids.size(0)
        cur = torch.full((b, 1), self.config.decoder_start_token_id, dtype=torch.long)
        past = None
        out = []
        done = torch.zeros(b, dtype=torch.bool)
        for _ in range(max_new_tokens):
            h, past = self.decoder.decode(cur, enc, attention_mask, past)
            nxt = self.logits(h[:, -1]).argmax(-1)
            nxt = torch.where(done, torch.full_like(nxt, self.config.pad_token_id), nxt)
            out.append(nxt)
            done |= nxt == self.config.eos_token_id
            cur = nxt[:, None]
            if bool(done.all()):
                break
        return torch.stack(out, 1)

    def num_parameters(self):
        return sum(p.numel() for p in self.parameters())
