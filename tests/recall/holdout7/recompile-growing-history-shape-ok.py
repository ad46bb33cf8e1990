# expect: none
# source: https://openillumi.com/en/en-jax-jit-recompile-dynamic-shape-fix
# mistake: Looks like the growing-history filter, but the history lives in a fixed-size padded buffer with a validity
#   mask, so every call has the same shape and the jitted update is compiled once.
# case: recompile-growing-history-shape-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT >= 6
# pair: recompile-growing-history-shape
# note: The article's workaround is padding inputs to one maximum shape; this applies it to the streaming filter.
import jax
import jax.numpy as jnp
import numpy as np

TRACES = [0]
MAX_LEN = 64


@jax.jit
def ewma_update(history, n_valid, alpha):
    TRACES[0] += 1
    pos = jnp.arange(history.shape[0])
    age = n_valid - 1 - pos
    valid = pos < n_valid
    weights = jnp.where(valid, alpha * (1 - alpha) ** jnp.maximum(age, 0), 0.0)
    return jnp.sum(weights * history) / jnp.sum(weights)


class StreamingFilter:
    def __init__(self, alpha=0.3):
        self.alpha = alpha
        self.history = np.zeros((MAX_LEN,), np.float32)   # padded buffer
        self.n = 0

    def observe(self, value):
        self.history[self.n] = value
        self.n += 1
        return ewma_update(jnp.asarray(self.history), self.n, self.alpha)


def main():
    filt = StreamingFilter()
    out = None
    for t in range(6):
        out = filt.observe(np.sin(t))
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
