# expect: none
# source: https://app.semanticdiff.com/gh/ROCm/jax/commit/8ac19c722211ffe4c7fb0bdbeeb236818d000291
# mistake: None: the host constant is created with the carry's dtype (float32), so in x64 mode the scan carry keeps its type.
# kind: 5 carry type mismatch
import jax
import jax.numpy as jnp
import numpy as onp
from jax import lax


class Smoother:
    def __init__(self, n):
        self.weights = onp.linspace(0.1, 1.0, n, dtype=onp.float32)

    def run(self, signal):
        def step(acc, x):
            acc = 0.9 * acc + self.weights * x
            return acc, acc.sum()

        init = jnp.zeros(self.weights.shape, jnp.float32)
        return lax.scan(step, init, signal)


def main():
    with jax.enable_x64(True):
        signal = jnp.ones((10,), jnp.float32)
        acc, ys = Smoother(4).run(signal)
        assert acc.dtype == jnp.float32


if __name__ == "__main__":
    main()
