# expect: none
# source: https://github.com/blackjax-devs/blackjax/pull/711
# mistake: the fixed example: the inference loop calls the jitted step, so each iteration runs one compiled transition.
import time
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class RMHState(NamedTuple):
    position: jax.Array
    logdensity: jax.Array


class rmh:
    def __init__(self, logdensity_fn: Callable, sigma: float):
        self.logdensity_fn = logdensity_fn
        self.sigma = sigma

    def init(self, position):
        return RMHState(position, self.logdensity_fn(position))

    def step(self, rng_key, state):
        key_prop, key_acc = jax.random.split(rng_key)
        proposal = state.position + self.sigma * jax.random.normal(key_prop, state.position.shape)
        logp = self.logdensity_fn(proposal)
        do_accept = jnp.log(jax.random.uniform(key_acc)) < logp - state.logdensity
        return RMHState(jnp.where(do_accept, proposal, state.position),
                        jnp.where(do_accept, logp, state.logdensity))


def logdensity(x):
    loc, log_scale = x[0], x[1]
    data = jnp.linspace(-2.0, 3.0, 50)
    return jnp.sum(jax.scipy.stats.norm.logpdf(data, loc, jnp.exp(log_scale))) - 0.5 * jnp.sum(x ** 2)


def inference_loop(rng_key, step_fn, initial_state, num_samples):
    state = initial_state
    positions = []
    for i in range(num_samples):
        rng_key, sample_key = jax.random.split(rng_key)
        state = step_fn(sample_key, state)
        positions.append(state.position)
    return jnp.stack(positions)


def main():
    kernel = rmh(logdensity, sigma=0.1)
    step = jax.jit(kernel.step)
    state = kernel.init(jnp.array([0.0, 0.0]))
    step(jax.random.PRNGKey(1), state)
    t0 = time.perf_counter()
    samples = inference_loop(jax.random.PRNGKey(0), step, state, 300)
    samples.block_until_ready()
    dt = time.perf_counter() - t0
    print(f"300 steps through jitted step: {dt:.2f}s ({1000 * dt / 300:.2f} ms/step), mean {samples.mean(0)}")
