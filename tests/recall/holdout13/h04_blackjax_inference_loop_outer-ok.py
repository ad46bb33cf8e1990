# expect: none
# source: https://github.com/blackjax-devs/blackjax/issues/486
# mistake: Look-alike: the sampling block is jitted once at module level with num_samples static, so the outer Python loop reuses one executable.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
from jax import monitoring


def logdensity(x):
    return -0.5 * jnp.sum(x**2)


def rwm_kernel(rng_key, state):
    prop = state + 0.3 * jax.random.normal(rng_key, state.shape)
    log_u = jnp.log(jax.random.uniform(jax.random.fold_in(rng_key, 1)))
    return jnp.where(log_u < logdensity(prop) - logdensity(state), prop, state), None


def one_step(state, rng_key):
    state, _ = rwm_kernel(rng_key, state)
    return state, state


@functools.partial(jax.jit, static_argnames=("num_samples",))
def inference_loop(rng_key, initial_state, num_samples):
    keys = jax.random.split(rng_key, num_samples)
    _, states = jax.lax.scan(one_step, initial_state, keys)
    return states


def main():
    compiles = []
    monitoring.register_event_duration_secs_listener(
        lambda name, secs, **kw: compiles.append(name)
        if name == "/jax/core/compile/backend_compile_duration" else None)
    rng_key = jax.random.key(1)
    state = jnp.zeros(3)
    for i in range(4):
        rng_key, sample_key = jax.random.split(rng_key)
        states = inference_loop(sample_key, state, num_samples=1)
        state = states[-1]
        if i == 1:
            mark = len(compiles)
    assert len(compiles) == mark, compiles


if __name__ == "__main__":
    main()
