# expect: bug
# source: https://github.com/pyro-ppl/numpyro/pull/479
# mistake: Runs that reuse the saved warmup state start from that state as-is, including the rng_key stored inside it, so the rng_key passed to every later run() is ignored and each run returns the same draws.
# kind: 4 PRNG keys reused across loop steps
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax, random


class HMCState(NamedTuple):
    z: jax.Array
    step_size: jax.Array
    rng_key: jax.Array


def potential(z):
    return 0.5 * jnp.sum(z ** 2 / jnp.array([1.0, 4.0]))


def sample_kernel(state: HMCState):
    rng_key, k_mom, k_acc = random.split(state.rng_key, 3)
    p = random.normal(k_mom, state.z.shape)
    g = jax.grad(potential)
    p_half = p - 0.5 * state.step_size * g(state.z)
    z_new = state.z + state.step_size * p_half
    p_new = p_half - 0.5 * state.step_size * g(z_new)
    dh = potential(z_new) + 0.5 * jnp.sum(p_new ** 2) - potential(state.z) - 0.5 * jnp.sum(p ** 2)
    accept = jnp.log(random.uniform(k_acc)) < -dh
    return HMCState(jnp.where(accept, z_new, state.z), state.step_size, rng_key)


@partial(jax.jit, static_argnums=1)
def _run_chain(state, num):
    def body(s, _):
        s = sample_kernel(s)
        return s, s.z
    return lax.scan(body, state, None, length=num)


class MCMC:
    def __init__(self, num_warmup=100, num_samples=100):
        self.num_warmup = num_warmup
        self.num_samples = num_samples
        self._warmup_state = None

    def warmup(self, rng_key, init_z):
        state = HMCState(init_z, jnp.array(0.5), rng_key)
        self._warmup_state, _ = _run_chain(state, self.num_warmup)

    def run(self, rng_key, init_z):
        if self._warmup_state is not None:
            init_state = self._warmup_state
        else:
            init_state = HMCState(init_z, jnp.array(0.5), rng_key)
        _, samples = _run_chain(init_state, self.num_samples)
        return samples


def main():
    mcmc = MCMC()
    mcmc.warmup(random.PRNGKey(0), jnp.zeros(2))
    draws = [mcmc.run(random.PRNGKey(seed), jnp.zeros(2)) for seed in (1, 2, 3)]
    identical = all(bool(jnp.array_equal(draws[0], d)) for d in draws[1:])
    if identical:
        print(f"SYMPTOM: run() with rng keys 1, 2, 3 returned identical draws "
              f"(first draw {draws[0][0].round(4).tolist()} each time)")


if __name__ == "__main__":
    main()
