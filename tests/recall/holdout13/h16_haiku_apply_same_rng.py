# expect: bug
# source: https://github.com/google-deepmind/dm-haiku/issues/585
# mistake: The training loop passes the same rng to apply at every step, and since next_rng_key is split deterministically from it, every step uses the same dropout mask.
# kind: 4 PRNG keys reused across loop steps
import functools

import jax
import jax.numpy as jnp
from jax import random


class PRNGSequence:
    """Minimal stand-in for haiku's deterministic key sequence inside apply."""

    def __init__(self, key):
        self._key = key

    def next_rng_key(self):
        self._key, sub = random.split(self._key)
        return sub


def mlp_apply(params, rng, x, rate=0.5):
    seq = PRNGSequence(rng)
    h = jax.nn.relu(x @ params["w1"])
    keep = random.bernoulli(seq.next_rng_key(), 1.0 - rate, h.shape)
    h = jnp.where(keep, h / (1.0 - rate), 0.0)
    return h @ params["w2"], keep


@jax.jit
def train_step(params, rng, x, y):
    def loss_fn(p):
        pred, keep = mlp_apply(p, rng, x)
        return jnp.mean((pred - y) ** 2), keep

    (loss, keep), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)
    return params, keep


def main():
    k1, k2, k3 = random.split(random.key(42), 3)
    params = {"w1": random.normal(k1, (4, 16)), "w2": random.normal(k2, (16, 1))}
    x = random.normal(k3, (8, 4))
    y = jnp.sum(x, axis=1, keepdims=True)
    rng = random.key(42)
    masks = []
    for step in range(5):
        params, keep = train_step(params, rng, x, y)
        masks.append(keep)
    same = sum(bool(jnp.array_equal(masks[0], m)) for m in masks[1:])
    if same:
        print(f"SYMPTOM: dropout mask of step 0 repeated in {same}/4 later steps")


if __name__ == "__main__":
    main()
