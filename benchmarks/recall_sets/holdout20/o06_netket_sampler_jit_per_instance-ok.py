# expect: none
# source: https://github.com/netket/netket/pull/708
# mistake: none; as in the fix, the jitted kernel is a module-level function and the sampler (a frozen, hashable dataclass) is a static argument, so re-created samplers with the same settings reuse the compiled loop.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp

TRACES = {"n": 0}


@partial(jax.jit, static_argnums=(0, 1))
def _sample_next(sampler, log_prob, sigma, key):
    TRACES["n"] += 1

    def one_move(i, carry):
        sigma, key = carry
        key, k1, k2 = jax.random.split(key, 3)
        site = jax.random.randint(k1, (sampler.n_chains,), 0, sampler.n_sites)
        prop = sigma.at[jnp.arange(sampler.n_chains), site].multiply(-1)
        accept = jax.random.uniform(k2, (sampler.n_chains,)) < jnp.exp(log_prob(prop) - log_prob(sigma))
        return jnp.where(accept[:, None], prop, sigma), key

    return jax.lax.fori_loop(0, sampler.sweep_size, one_move, (sigma, key))


@dataclasses.dataclass(frozen=True)
class MetropolisLocal:
    n_sites: int
    n_chains: int = 16
    sweep_size: int = 10

    def sample(self, log_prob, sigma, key, chain_length):
        out = []
        for _ in range(chain_length):
            sigma, key = _sample_next(self, log_prob, sigma, key)
            out.append(sigma)
        return jnp.stack(out), sigma, key


def log_prob(sigma):
    return -0.5 * jnp.sum(sigma[:, :-1] * sigma[:, 1:], axis=-1)


def main():
    key = jax.random.PRNGKey(0)
    sigma = jnp.ones((16, 10))
    for it in range(5):
        sampler = MetropolisLocal(n_sites=10)
        samples, sigma, key = sampler.sample(log_prob, sigma, key, chain_length=3)
        print(f"iteration {it}: sampler traces so far = {TRACES['n']}")


if __name__ == "__main__":
    main()
