# expect: bug
# source: https://app.semanticdiff.com/gh/ROCm/jax/commit/8ac19c722211ffe4c7fb0bdbeeb236818d000291
# mistake: In x64 mode a float32 scan carry is updated with a NumPy constant built without an explicit dtype (float64), so the body's carry output is promoted to float64 and scan raises a type mismatch.
# kind: 5 carry type mismatch
import jax
import jax.numpy as jnp
import numpy as onp
from jax import lax


class Smoother:
    def __init__(self, n):
        self.weights = onp.linspace(0.1, 1.0, n)  # float64 on the host

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
        print(acc.dtype)


if __name__ == "__main__":
    main()
