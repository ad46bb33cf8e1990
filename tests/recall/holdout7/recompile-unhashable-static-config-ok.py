# expect: none
# source: https://github.com/jax-ml/jax/issues/3701
# mistake: Looks like rebuilding the static config on every evaluate() call, but the config is a frozen dataclass
#   whose hash and equality are by value, so equal configs hit jit's cache and do_stuff is traced once.
# case: recompile-unhashable-static-config-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT == 4
# pair: recompile-unhashable-static-config
# note: The issue notes that @dataclasses.dataclass(frozen=True) yields a hashable config and the expected behaviour.
import dataclasses
import functools

import jax
import jax.numpy as jnp

TRACES = [0]


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    n_bins: int
    clip: float


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    TRACES[0] += 1
    x = jnp.clip(data, -config.clip, config.clip)
    return jnp.histogram(x, bins=config.n_bins, range=(-config.clip, config.clip))[0]


def summon_up_evaluation_data(step):
    return jax.random.normal(jax.random.key(step), (256,))


def evaluate(step):
    config = EvalConfig(n_bins=8, clip=2.0)       # new object, but equal and hashable by value
    return do_stuff(summon_up_evaluation_data(step), config)


def main():
    for step in range(4):
        evaluate(step)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
