# expect: bug
# source: https://github.com/netket/netket/pull/708
# mistake: each sampler instance wraps its own bound method in `jax.jit` when it is constructed, so every newly created (but identical) sampler traces and compiles the Markov-chain loop again.
import jax
import jax.numpy as jnp

TRACES = {"n": 0}


class MetropolisLocal:
    def __init__(self, n_sites, n_chains=16, sweep_size=None):
        self.n_sites = n_sites
        self.n_chains = n_chains
        self.sweep_size = sweep_size if sweep_size is not None else n_sites
        # jitted here, once per sampler object
        self._sample_next = jax.jit(self._sample_next_impl, static_argnums=(0,))

    def _sample_next_impl(self, log_prob, sigma, key):
        TRACES["n"] += 1

        def one_move(i, carry):
            sigma, key = carry
            key, k1, k2 = jax.random.split(key, 3)
            site = jax.random.randint(k1, (self.n_chains,), 0, self.n_sites)
            prop = sigma.at[jnp.arange(self.n_chains), site].multiply(-1)
            accept = jax.random.uniform(k2, (self.n_chains,)) < jnp.exp(log_prob(prop) - log_prob(sigma))
            return jnp.where(accept[:, None], prop, sigma), key

        return jax.lax.fori_loop(0, self.sweep_size, one_move, (sigma, key))

    def sample(self, log_prob, sigma, key, chain_length):
        out = []
        for _ in range(chain_length):
            sigma, key = self._sample_next(log_prob, sigma, key)
            out.append(sigma)
        return jnp.stack(out), sigma, key


def log_prob(sigma):
    return -0.5 * jnp.sum(sigma[:, :-1] * sigma[:, 1:], axis=-1)


def main():
    key = jax.random.PRNGKey(0)
    sigma = jnp.ones((16, 10))
    for it in range(5):
        # e.g. the driver rebuilds the sampler each iteration (same settings)
        sampler = MetropolisLocal(n_sites=10)
        samples, sigma, key = sampler.sample(log_prob, sigma, key, chain_length=3)
        print(f"iteration {it}: sampler traces so far = {TRACES['n']}")


if __name__ == "__main__":
    main()
