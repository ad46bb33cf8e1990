# expect: bug
# source: https://github.com/blackjax-devs/blackjax/issues/486
# mistake: The quick-start inference_loop, which defines a new jitted one_step and runs an eager lax.scan, is called inside an outer Python loop, so every outer iteration traces and compiles a fresh scan and memory keeps growing.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import monitoring


def logdensity(x):
    return -0.5 * jnp.sum(x**2)


def rwm_kernel(rng_key, state):
    prop = state + 0.3 * jax.random.normal(rng_key, state.shape)
    log_u = jnp.log(jax.random.uniform(jax.random.fold_in(rng_key, 1)))
    return jnp.where(log_u < logdensity(prop) - logdensity(state), prop, state), None


def inference_loop(rng_key, kernel, initial_state, num_samples):
    @jax.jit
    def one_step(state, rng_key):
        state, _ = kernel(rng_key, state)
        return state, state

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
    samples = []
    for i in range(4):  # the logdensity is "learnt" between sampling rounds
        rng_key, sample_key = jax.random.split(rng_key)
        states = inference_loop(sample_key, rwm_kernel, state, num_samples=1)
        state = states[-1]
        samples.append(state)
        if i == 1:
            mark = len(compiles)
    extra = len(compiles) - mark
    if extra:
        print(f"SYMPTOM: {extra} backend compiles in outer iterations 3-4 (identical shapes)")


if __name__ == "__main__":
    main()
