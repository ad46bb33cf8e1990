# expect: none
# source: https://github.com/bayesflow-org/bayesflow/pull/408
# mistake: The noise for all steps is drawn up front from split keys and passed into the fori_loop as data, so the body is pure and every step gets its own draw.
from functools import partial

import jax
import jax.numpy as jnp


def euler_maruyama_step(state, time, step_size, noise, drift_fn, diffusion_fn):
    new_state = state + drift_fn(time, state) * step_size + diffusion_fn(time, state) * jnp.sqrt(step_size) * noise
    return new_state, time + step_size


def integrate_stochastic(state, start_time, stop_time, steps, key):
    step_size = (stop_time - start_time) / steps
    step_fn = partial(euler_maruyama_step, drift_fn=lambda t, x: -x, diffusion_fn=lambda t, x: 0.5)
    noises = jax.random.normal(key, (steps,) + state.shape)  # precomputed noise

    def body(i, loop_state):
        current_state, time = loop_state
        return step_fn(current_state, time, step_size, noises[i])

    final_state, _ = jax.lax.fori_loop(0, steps, body, (state, start_time))
    return final_state, noises


def main():
    key = jax.random.PRNGKey(0)
    x0 = jnp.ones((3,))
    _, noises = integrate_stochastic(x0, 0.0, 1.0, 8, key)
    print(f"noise identical across steps={bool(jnp.all(noises == noises[0]))}")
    key, sub = jax.random.split(key)
    print("key still usable:", sub.shape)


if __name__ == "__main__":
    main()
