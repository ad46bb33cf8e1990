# expect: none
# source: https://github.com/asantini29/phentax/pull/28
# mistake: Looks like a step count computed from T inside the jitted generator, but T is a static
#   argument and the count uses math.ceil on plain Python floats, so it is a concrete int at trace time.
# case: traced-control-flow-math-ceil-static-ok
# kind: lookalike
# rules: SCN211
# jax: runs
# pair: traced-control-flow-int-ceil-steps
# note: This is the PR's fix (math.ceil on concrete floats) with T marked static so the arange length
#   is known when tracing.
import math
from functools import partial

import jax
import jax.numpy as jnp


class ChirpWaveform:
    def __init__(self, f0=20.0, tau=0.5):
        self.f0 = f0
        self.tau = tau

    def initial_processing(self, T, delta_t):
        return math.ceil(T / delta_t)

    def generate(self, T, delta_t=1.0 / 256):
        n_steps = self.initial_processing(T, delta_t)
        t = jnp.arange(n_steps) * delta_t
        return jnp.exp(-t / self.tau) * jnp.sin(2 * jnp.pi * self.f0 * t * (1 + t))


def main():
    wf = ChirpWaveform()
    generate = jax.jit(wf.generate, static_argnames=("T", "delta_t"))
    out = generate(T=2.0)
    assert out.shape == (512,)
    return out


if __name__ == "__main__":
    RESULT = main()
