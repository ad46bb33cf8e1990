# expect: none
# source: https://github.com/sgl-project/sglang-jax/pull/1192
# mistake: Resembles a static_argnums value that changes with every request (a recompile-per-length trap), but the context length is rounded up to one of a few precompiled token-padding buckets before it reaches the jitted draft step, so the number of compilations is bounded by the bucket count.
import bisect
from functools import partial

import jax
import jax.numpy as jnp

TRACES = {"draft_forward": 0}


@partial(jax.jit, static_argnames=("max_context_len",))
def draft_forward(tokens, kv_cache, max_context_len):
    TRACES["draft_forward"] += 1
    tree_mask = jnp.tril(jnp.ones((tokens.shape[0], max_context_len), bool))
    scores = jnp.where(tree_mask, kv_cache[:max_context_len].sum(-1), -jnp.inf)
    return jax.nn.softmax(scores, axis=-1).argmax(-1)


class EagleDraftWorker:
    def __init__(self, precompile_token_paddings=(64, 128, 256, 512)):
        self.precompile_token_paddings = sorted(precompile_token_paddings)
        self.kv_cache = jnp.ones((max(self.precompile_token_paddings), 8))

    def _pick_context_len(self, max_seq_len: int) -> int:
        max_seq_len = max(int(max_seq_len), 1)
        i = bisect.bisect_left(self.precompile_token_paddings, max_seq_len)
        return self.precompile_token_paddings[min(i, len(self.precompile_token_paddings) - 1)]

    def draft(self, tokens, max_seq_len):
        return draft_forward(tokens, self.kv_cache, self._pick_context_len(max_seq_len))


def main():
    worker = EagleDraftWorker()
    seq_lens = [17, 33, 70, 71, 90, 130, 131, 200, 260, 300, 301, 480, 12, 99, 250]
    for n in seq_lens:  # every request has a different length
        out = worker.draft(jnp.arange(4), n)
    print("last draft:", out)
    print(f"{len(set(seq_lens))} distinct lengths -> traces of draft_forward:", TRACES["draft_forward"])
    assert TRACES["draft_forward"] <= len(worker.precompile_token_paddings)
