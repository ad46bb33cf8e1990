# expect: bug
# source: https://github.com/jax-ml/jax/issues/3701
# mistake: An evaluation config object whose hash is its identity is rebuilt on every evaluate() call and passed as a
#   static argument, so jit sees a new static value each time and re-traces and re-compiles do_stuff on every call.
# case: recompile-unhashable-static-config
# kind: mistake
# rules: none
# jax: symptom RESULT == 4
# note: The thread used a non-frozen @dataclasses.dataclass, which current JAX rejects outright as unhashable; the
#   reproduction uses a plain config class (default identity __hash__/__eq__) so the same per-call retrace is visible.
import functools

import jax
import jax.numpy as jnp

TRACES = [0]


class EvalConfig:
    def __init__(self, n_bins, clip):
        self.n_bins = n_bins
        self.clip = clip


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    TRACES[0] += 1
    x = jnp.clip(data, -config.clip, config.clip)
    return jnp.histogram(x, bins=config.n_bins, range=(-config.clip, config.clip))[0]


def summon_up_evaluation_data(step):
    return jax.random.normal(jax.random.key(step), (256,))


def evaluate(step):
    config = EvalConfig(n_bins=8, clip=2.0)       # same settings, new object every call
    return do_stuff(summon_up_evaluation_data(step), config)


def main():
    for step in range(4):
        evaluate(step)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
