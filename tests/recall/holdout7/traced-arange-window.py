# expect: bug
# source: https://github.com/jax-ml/jax/issues/19433
# mistake: Inside a jitted scan step a neighbourhood window is built with jnp.arange(c - 1, c + 2) around a traced
#   centre index; the length is always 3, but arange needs concrete bounds, so tracing fails.
# case: traced-arange-window
# kind: mistake
# rules: none
# jax: raises Abstract tracer value encountered where concrete value is expected
# note: The minimal form was jnp.arange(x[0] - 1, x[0] + 1) under jit; here the centre comes from the scan input
#   of a 1-D smoothing pass.
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def smooth_at(signal, centres):
    def step(acc, c):
        window = jnp.arange(c - 1, c + 2)              # bounds depend on a tracer
        return acc, jnp.mean(signal[jnp.clip(window, 0, signal.shape[0] - 1)])

    return lax.scan(step, 0.0, centres)[1]


def main():
    return smooth_at(jnp.sin(jnp.arange(16.0)), jnp.array([1, 5, 9]))


if __name__ == "__main__":
    RESULT = main()
