# expect: bug
# source: https://github.com/Joshuaalbert/jaxns/issues/60
# mistake: With jax_enable_x64 on, the sampler's while_loop state holds float32 arrays (from float32
#   data) but the body mixes them with default-precision jnp values, so the new state comes out
#   float64 and the loop carry types differ.
# case: carry-dtype-x64-while-sampler
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: The issue reports jaxns examples failing in 64-bit mode inside NestedSampler's while_loop; the
#   sampler here is a toy shrinking-contour loop, not jaxns code.
import numpy as np

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402


class ContourSampler:
    def __init__(self, log_likelihoods):
        self.log_l = np.asarray(log_likelihoods, dtype=np.float32)

    def init_state(self):
        return (0, self.log_l.min(), jnp.asarray(self.log_l))

    def run(self, max_steps=50):
        def cond(state):
            step, contour, live = state
            return (step < max_steps) & (contour < live.max())

        def body(state):
            step, contour, live = state
            shrink = jnp.exp(-1.0 / live.shape[0])
            jitter = 1e-3 * jnp.linspace(0.0, 1.0, live.shape[0])
            live = jnp.where(live <= contour, live + (1.0 - shrink) + jitter, live)
            return step + 1, live.min(), live

        return jax.lax.while_loop(cond, body, self.init_state())


def main():
    sampler = ContourSampler(np.linspace(-3.0, 0.0, 32))
    return sampler.run()


if __name__ == "__main__":
    RESULT = main()
