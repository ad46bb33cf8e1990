# expect: none
# source: https://github.com/NovaSky-AI/SkyRL/pull/539
# mistake: the KV cache is preallocated to max length and written with dynamic_update_slice at a traced position, with a mask for unfilled slots, so every decode step in the generation loop has the same shapes and the step compiles once.
import collections
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.monitoring

_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


class KVCache(NamedTuple):
    keys: jnp.ndarray    # [max_len, d]
    values: jnp.ndarray  # [max_len, d]
    pos: jnp.ndarray     # scalar int32


def decode_step(params, kv_cache, token):
    x = params["embed"][token]
    k, v = x @ params["wk"], x @ params["wv"]
    keys = jax.lax.dynamic_update_slice(kv_cache.keys, k[None], (kv_cache.pos, 0))
    values = jax.lax.dynamic_update_slice(kv_cache.values, v[None], (kv_cache.pos, 0))
    scores = keys @ (x @ params["wq"])
    mask = jnp.arange(keys.shape[0]) <= kv_cache.pos
    attn = jax.nn.softmax(jnp.where(mask, scores, -jnp.inf))
    h = attn @ values
    logits = h @ params["embed"].T
    return jnp.argmax(logits), KVCache(keys, values, kv_cache.pos + 1)


def generate(params, prompt, max_new_tokens):
    step = jax.jit(decode_step)
    d = params["wk"].shape[1]
    kv_cache = KVCache(jnp.zeros((max_new_tokens, d)), jnp.zeros((max_new_tokens, d)), jnp.int32(0))
    token = prompt
    out = []
    for _ in range(max_new_tokens):
        token, kv_cache = step(params, kv_cache, token)
        out.append(int(token))
    return out


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    ks = jax.random.split(jax.random.PRNGKey(0), 4)
    params = {"embed": jax.random.normal(ks[0], (16, 8)), "wq": jax.random.normal(ks[1], (8, 8)),
              "wk": jax.random.normal(ks[2], (8, 8)), "wv": jax.random.normal(ks[3], (8, 8))}
    toks = generate(params, jnp.int32(1), max_new_tokens=10)
    print("generated:", toks)
    print("decode_step traces for 10 tokens:", _TRACES["decode_step"])
