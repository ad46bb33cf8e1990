# expect: none
# source: https://github.com/netket/netket/pull/1021
# mistake: none; as in the fix, the counters are initialised as int32 zero arrays, so the state keeps one type across calls and the sampling loop is traced once.
from functools import partial

import jax
import jax.numpy as jnp
from flax import struct

TRACES = {"n": 0}


@struct.dataclass
class MetropolisSamplerState:
    sigma: jax.Array
    rng: jax.Array
    n_steps_proc: int = 0
    n_accepted_proc: int = 0


@struct.dataclass
class MetropolisSampler:
    n_sites: int = struct.field(pytree_node=False, default=8)
    n_chains: int = struct.field(pytree_node=False, default=16)
    sweep_size: int = struct.field(pytree_node=False, default=8)

    def init_state(self, key):
        sigma = jnp.ones((self.n_chains, self.n_sites))
        return MetropolisSamplerState(
            sigma=sigma, rng=key,
            n_steps_proc=jnp.zeros((), dtype=jnp.int32),
            n_accepted_proc=jnp.zeros((), dtype=jnp.int32))

    def sample(self, log_prob, state, chain_length):
        return _sample_chain(self, log_prob, state, chain_length)


@partial(jax.jit, static_argnums=(0, 1, 3))
def _sample_chain(sampler, log_prob, state, chain_length):
    TRACES["n"] += 1

    def sweep(carry, _):
        sigma, key, n_acc = carry
        key, k_site, k_acc = jax.random.split(key, 3)
        site = jax.random.randint(k_site, (sampler.n_chains,), 0, sampler.n_sites)
        proposal = sigma.at[jnp.arange(sampler.n_chains), site].multiply(-1)
        ratio = jnp.exp(log_prob(proposal) - log_prob(sigma))
        accept = jax.random.uniform(k_acc, (sampler.n_chains,)) < ratio
        sigma = jnp.where(accept[:, None], proposal, sigma)
        return (sigma, key, n_acc + accept.sum()), sigma

    (sigma, key, n_acc), samples = jax.lax.scan(
        sweep, (state.sigma, state.rng, state.n_accepted_proc), None, length=chain_length * sampler.sweep_size)
    new_state = state.replace(
        sigma=sigma, rng=key,
        n_steps_proc=state.n_steps_proc + chain_length * sampler.sweep_size * sampler.n_chains,
        n_accepted_proc=n_acc)
    return samples, new_state


def log_prob(sigma):
    return -0.5 * jnp.sum(sigma[:, :-1] * sigma[:, 1:], axis=-1)


def main():
    sampler = MetropolisSampler()
    state = sampler.init_state(jax.random.PRNGKey(0))
    for it in range(4):
        samples, state = sampler.sample(log_prob, state, 4)
        print(f"iteration {it}: traces of the sampling loop so far = {TRACES['n']}, "
              f"n_accepted_proc={state.n_accepted_proc!r}")
    print("total traces:", TRACES["n"])


if __name__ == "__main__":
    main()
