# expect: none
# source: https://github.com/google/grain/issues/1154
# mistake: none; every batch is padded to one fixed length with a mask before the jitted step, so the step compiles once.
# kind: 1 recompiles
import jax
import jax.numpy as np
import numpy as onp

MAX_LEN = 24


@jax.jit
def step(w, tokens, mask):
    h = np.tanh(tokens[:, :, None] * w)
    per_tok = np.mean(h ** 2, axis=-1)
    return np.sum(per_tok * mask) / np.sum(mask)


def data_stream(seed, n_batches):
    rng = onp.random.default_rng(seed)
    for i in range(n_batches):
        length = 5 + 3 * i
        x = rng.standard_normal((2, length)).astype(onp.float32)
        pad = MAX_LEN - length
        mask = onp.concatenate([onp.ones((2, length)), onp.zeros((2, pad))], axis=1).astype(onp.float32)
        yield onp.pad(x, ((0, 0), (0, pad))), mask


def main():
    w = np.ones((4,))
    for tokens, mask in data_stream(0, 6):
        loss = step(w, tokens, mask)
    print("loss:", float(loss), "cache size:", step._cache_size())


if __name__ == "__main__":
    main()
