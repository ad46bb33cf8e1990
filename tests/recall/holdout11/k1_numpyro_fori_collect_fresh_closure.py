# expect: bug
# source: https://github.com/pyro-ppl/numpyro/pull/2171
# mistake: fori_collect builds a new loop_fn closure on every call and jits it, so every repeated MCMC.run() misses the jit cache and recompiles the whole sampling loop.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import lax, monitoring, random

_BACKEND_COMPILES = [0]


def _count_compiles(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        _BACKEND_COMPILES[0] += 1


def maybe_jit(fn, *args, **kwargs):
    return jax.jit(fn, *args, **kwargs)


def fori_collect(lower, upper, body_fun, init_val, transform=lambda x: x):
    """Run body_fun upper times and collect transform(state) from step `lower` on."""
    collection_size = upper - lower
    proto = transform(init_val)
    collection = jnp.zeros((collection_size,) + jnp.shape(proto), dtype=jnp.result_type(proto))

    def _body_fn(i, vals):
        val, collection = vals
        val = body_fun(val)
        idx = jnp.maximum(i - lower, 0)
        collection = collection.at[idx].set(transform(val))
        return val, collection

    # progbar=False path: a fresh wrapper per call
    def loop_fn(collection):
        return lax.fori_loop(0, upper, _body_fn, (init_val, collection))

    last_val, collection = maybe_jit(loop_fn)(collection)
    return collection, last_val


class RandomWalkMH:
    def __init__(self, potential_fn, step_size=0.4):
        self.potential_fn = potential_fn
        self.step_size = step_size

    def init(self, rng_key, z):
        return (rng_key, z, self.potential_fn(z))

    def sample(self, state):
        rng_key, z, pe = state
        rng_key, k_prop, k_acc = random.split(rng_key, 3)
        z_new = z + self.step_size * random.normal(k_prop, z.shape)
        pe_new = self.potential_fn(z_new)
        accept = jnp.log(random.uniform(k_acc)) < pe - pe_new
        return (rng_key, jnp.where(accept, z_new, z), jnp.where(accept, pe_new, pe))


class MCMC:
    def __init__(self, kernel, num_warmup, num_samples):
        self.kernel = kernel
        self.num_warmup = num_warmup
        self.num_samples = num_samples

    def run(self, rng_key, init_params):
        state = self.kernel.init(rng_key, init_params)
        samples, _ = fori_collect(self.num_warmup, self.num_warmup + self.num_samples,
                                  self.kernel.sample, state, transform=lambda s: s[1])
        return samples


def potential(z):
    return 0.5 * jnp.sum((z - 1.0) ** 2)


def main():
    monitoring.register_event_duration_secs_listener(_count_compiles)
    mcmc = MCMC(RandomWalkMH(potential), num_warmup=50, num_samples=200)
    init = jnp.zeros(3)
    mcmc.run(random.PRNGKey(0), init).block_until_ready()  # warm-up: first compile is expected
    before = _BACKEND_COMPILES[0]
    n_runs = 3
    for seed in range(1, n_runs + 1):
        mcmc.run(random.PRNGKey(seed), init).block_until_ready()
    repeat_compiles = _BACKEND_COMPILES[0] - before
    if repeat_compiles >= n_runs:
        print(f"SYMPTOM: {repeat_compiles} backend compilations during {n_runs} repeated "
              f"MCMC.run() calls with identical shapes (expected 0)")


if __name__ == "__main__":
    main()
