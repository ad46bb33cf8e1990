# expect: bug
# source: https://github.com/NovaSky-AI/SkyRL/pull/539
# mistake: the jitted decode step receives a KVCache that grows by concatenation each token, so every iteration of the generation loop presents a new cache length and the step is retraced and recompiled once per generated token.
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
    keys: jnp.ndarray    # [seq, d]
    values: jnp.ndarray  # [seq, d]


def decode_step(params, kv_cache, token):
    x = params["embed"][token]
    k, v = x @ params["wk"], x @ params["wv"]
    keys = jnp.concatenate([kv_cache.keys, k[None]], axis=0)
    values = jnp.concatenate([kv_cache.values, v[None]], axis=0)
    attn = jax.nn.softmax(keys @ (x @ params["wq"]))
    h = attn @ values
    logits = h @ params["embed"].T
    return jnp.argmax(logits), KVCache(keys, values)


def generate(params, prompt, max_new_tokens):
    step = jax.jit(decode_step)
    d = params["wk"].shape[1]
    kv_cache = KVCache(jnp.zeros((0, d)), jnp.zeros((0, d)))
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
