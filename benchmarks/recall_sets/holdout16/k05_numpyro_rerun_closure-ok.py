# expect: none
# source: https://github.com/pyro-ppl/numpyro/pull/456
# mistake: the data are passed as arguments of a sample kernel that is jitted once (the jit_model_args approach), so new datasets with the same shape reuse the compiled chain.
import time
from functools import partial

import jax
import jax.numpy as jnp

TRACES = {"sample_kernel": 0}


def log_likelihood(theta, x, y):
    logits = x @ theta
    return jnp.sum(y * logits - jnp.logaddexp(0.0, logits))


def sample_kernel(state, key, model_args, step_size):
    TRACES["sample_kernel"] += 1
    theta, pe = state
    x, y = model_args
    prop = theta + step_size * jax.random.normal(key, theta.shape)
    pe_prop = -log_likelihood(prop, x, y)
    accept = jnp.log(jax.random.uniform(jax.random.fold_in(key, 1))) < pe - pe_prop
    theta = jnp.where(accept, prop, theta)
    return (theta, jnp.where(accept, pe_prop, pe)), theta


@partial(jax.jit, static_argnames=("num_samples",))
def sample_chain(rng_key, x, y, num_samples, step_size=0.05):
    theta0 = jnp.zeros(x.shape[1])
    keys = jax.random.split(rng_key, num_samples)
    body = lambda s, k: sample_kernel(s, k, (x, y), step_size)
    _, samples = jax.lax.scan(body, (theta0, -log_likelihood(theta0, x, y)), keys)
    return samples


def main():
    key = jax.random.PRNGKey(0)
    t0 = time.perf_counter()
    for i in range(5):
        kx, ky, ks = jax.random.split(jax.random.fold_in(key, i), 3)
        x = jax.random.normal(kx, (200, 4))
        y = (jax.random.uniform(ky, (200,)) < 0.5).astype(jnp.float32)
        samples = sample_chain(ks, x, y, num_samples=500)
        samples.block_until_ready()
    print(f"5 runs on new data: sample_kernel traced {TRACES['sample_kernel']} time(s), {time.perf_counter() - t0:.2f}s")
