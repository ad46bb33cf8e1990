# expect: none
# source: https://github.com/pyro-ppl/numpyro/pull/2171
# mistake: (fixed) the jitted loop_fn is cached by (body_fun, transform, upper, lower) and init_val is an argument, so repeated MCMC.run() calls reuse one compiled loop.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
from jax import lax, monitoring, random

_BACKEND_COMPILES = [0]


def _count_compiles(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        _BACKEND_COMPILES[0] += 1


@functools.lru_cache(maxsize=32)
def _cached_loop_fn(body_fun, transform, upper, lower):
    def _body_fn(i, vals):
        val, collection = vals
        val = body_fun(val)
        idx = jnp.maximum(i - lower, 0)
        collection = collection.at[idx].set(transform(val))
        return val, collection

    def loop_fn(init_val, collection):
        return lax.fori_loop(0, upper, _body_fn, (init_val, collection))

    return jax.jit(loop_fn)


def fori_collect(lower, upper, body_fun, init_val, transform):
    proto = transform(init_val)
    collection = jnp.zeros((upper - lower,) + jnp.shape(proto), dtype=jnp.result_type(proto))
    last_val, collection = _cached_loop_fn(body_fun, transform, upper, lower)(init_val, collection)
    return collection, last_val


def _position(state):
    return state[1]


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
                                  self.kernel.sample, state, transform=_position)
        return samples


def potential(z):
    return 0.5 * jnp.sum((z - 1.0) ** 2)


def main():
    monitoring.register_event_duration_secs_listener(_count_compiles)
    mcmc = MCMC(RandomWalkMH(potential), num_warmup=50, num_samples=200)
    init = jnp.zeros(3)
    mcmc.run(random.PRNGKey(0), init).block_until_ready()
    before = _BACKEND_COMPILES[0]
    for seed in range(1, 4):
        mcmc.run(random.PRNGKey(seed), init).block_until_ready()
    print("compilations during repeated runs:", _BACKEND_COMPILES[0] - before)


if __name__ == "__main__":
    main()
