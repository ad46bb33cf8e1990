# expect: none
# source: https://github.com/jax-ml/jax/issues/19433
# mistake: Looks like building an index window around a traced centre inside jit, but the window is a static
#   jnp.arange(-1, 2) offset by the traced centre, so its length is known at trace time.
# case: traced-arange-window-ok
# kind: lookalike
# rules: none
# jax: runs
# pair: traced-arange-window
# note: The issue's own workaround: `np.arange(-1, 1) + x[0]`.
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def smooth_at(signal, centres):
    def step(acc, c):
        window = jnp.arange(-1, 2) + c                  # static length, traced offset
        return acc, jnp.mean(signal[jnp.clip(window, 0, signal.shape[0] - 1)])

    return lax.scan(step, 0.0, centres)[1]


def main():
    return smooth_at(jnp.sin(jnp.arange(16.0)), jnp.array([1, 5, 9]))


if __name__ == "__main__":
    RESULT = main()
