# expect: none
# source: https://github.com/pyro-ppl/numpyro/pull/205
# mistake: (correct) the driver splits the rng into one key per chain with random.split(rng, num_chains) and vmaps over those keys, so each chain draws its own random numbers.
import jax
import jax.numpy as jnp
from jax import lax, random


def potential_fn(z):
    return 0.5 * jnp.sum((z - 1.0) ** 2)


def mh_kernel(step_size):
    def sample_kernel(state):
        z, rng = state
        rng, key_prop, key_acc = random.split(rng, 3)
        z_prop = z + step_size * random.normal(key_prop, z.shape)
        log_accept = potential_fn(z) - potential_fn(z_prop)
        accept = jnp.log(random.uniform(key_acc)) < log_accept
        return jnp.where(accept, z_prop, z), rng

    return sample_kernel


def _single_chain_mcmc(rng, init_params, num_samples, step_size):
    sample_kernel = mh_kernel(step_size)

    def body(state, _):
        state = sample_kernel(state)
        return state, state[0]

    _, samples = lax.scan(body, (init_params, rng), None, length=num_samples)
    return samples


def mcmc(num_samples, init_params, num_chains, rng, step_size=0.5):
    chain_fn = lambda r: _single_chain_mcmc(r, init_params, num_samples, step_size)
    rngs = random.split(rng, num_chains)
    return jax.vmap(chain_fn)(rngs)


def main():
    samples = mcmc(num_samples=200, init_params=jnp.zeros(2), num_chains=4, rng=random.PRNGKey(0))
    identical = bool(jnp.all(samples[0] == samples[1:]))
    print("samples shape", samples.shape, "all chains identical:", identical)
    return samples


if __name__ == "__main__":
    main()
