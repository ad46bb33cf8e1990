# expect: bug
# source: https://github.com/pyro-ppl/numpyro/pull/456
# mistake: MCMC.run builds the potential function as a closure over the new dataset and jits a fresh sample kernel around it on every run, so rerunning the sampler on new, same-shaped data retraces and recompiles the whole kernel each time.
import time

import jax
import jax.numpy as jnp

TRACES = {"sample_kernel": 0}


def log_likelihood(theta, x, y):
    logits = x @ theta
    return jnp.sum(y * logits - jnp.logaddexp(0.0, logits))


class MCMC:
    def __init__(self, num_samples, step_size=0.05):
        self.num_samples = num_samples
        self.step_size = step_size

    def _make_kernel(self, potential_fn):
        def sample_kernel(state, key):
            TRACES["sample_kernel"] += 1
            theta, pe = state
            prop = theta + self.step_size * jax.random.normal(key, theta.shape)
            pe_prop = potential_fn(prop)
            accept = jnp.log(jax.random.uniform(jax.random.fold_in(key, 1))) < pe - pe_prop
            theta = jnp.where(accept, prop, theta)
            return (theta, jnp.where(accept, pe_prop, pe)), theta
        return sample_kernel

    def run(self, rng_key, x, y):
        potential_fn = lambda theta: -log_likelihood(theta, x, y)
        kernel = self._make_kernel(potential_fn)

        @jax.jit
        def sample_chain(init, keys):
            return jax.lax.scan(kernel, init, keys)

        theta0 = jnp.zeros(x.shape[1])
        keys = jax.random.split(rng_key, self.num_samples)
        _, samples = sample_chain((theta0, potential_fn(theta0)), keys)
        return samples


def main():
    mcmc = MCMC(num_samples=500)
    key = jax.random.PRNGKey(0)
    t0 = time.perf_counter()
    for i in range(5):
        kx, ky, ks = jax.random.split(jax.random.fold_in(key, i), 3)
        x = jax.random.normal(kx, (200, 4))
        y = (jax.random.uniform(ky, (200,)) < 0.5).astype(jnp.float32)
        samples = mcmc.run(ks, x, y)
        samples.block_until_ready()
    print(f"5 runs on new data: sample_kernel traced {TRACES['sample_kernel']} times, {time.perf_counter() - t0:.2f}s")
