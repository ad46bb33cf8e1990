# expect: bug
# source: https://github.com/pyro-ppl/numpyro/issues/313
# mistake: num_samples is a static argument of the jitted chain runner and the convergence loop keeps increasing it, so every extension of the chain recompiles the sampler.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
from jax import lax, random

TRACE_LOG = []


def log_density(z):
    return -0.5 * jnp.sum(z ** 2) - 0.1 * jnp.sum(z ** 4)


def mh_step(state, key, step_size=0.8):
    z, lp = state
    k1, k2 = random.split(key)
    z_new = z + step_size * random.normal(k1, z.shape)
    lp_new = log_density(z_new)
    accept = jnp.log(random.uniform(k2)) < lp_new - lp
    z = jnp.where(accept, z_new, z)
    lp = jnp.where(accept, lp_new, lp)
    return (z, lp), z


@functools.partial(jax.jit, static_argnames=("num_samples",))
def run_chain(rng_key, init_z, num_samples):
    TRACE_LOG.append(num_samples)
    keys = random.split(rng_key, num_samples)
    _, zs = lax.scan(mh_step, (init_z, log_density(init_z)), keys)
    return zs


def split_rhat(x):
    n = x.shape[0] // 2
    chains = jnp.stack([x[:n], x[n:2 * n]])
    w = jnp.mean(jnp.var(chains, axis=1, ddof=1))
    b = n * jnp.var(jnp.mean(chains, axis=1), ddof=1)
    return jnp.sqrt(((n - 1) / n * w + b / n) / w)


def sample_until_converged(rng_key, init_z, num_samples=64, max_rounds=3):
    samples = None
    for _ in range(max_rounds):
        rng_key, sub = random.split(rng_key)
        samples = run_chain(sub, init_z, num_samples=num_samples)
        if float(jnp.max(split_rhat(samples))) < 1.01:
            break
        num_samples *= 2
    return samples


def main():
    sample_until_converged(random.PRNGKey(0), jnp.full(3, 3.0))
    if len(TRACE_LOG) > 1:
        print(f"SYMPTOM: run_chain traced {len(TRACE_LOG)} times for num_samples={TRACE_LOG}")


if __name__ == "__main__":
    main()
