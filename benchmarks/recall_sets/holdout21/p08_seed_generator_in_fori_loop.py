# expect: bug
# source: https://github.com/bayesflow-org/bayesflow/pull/408
# mistake: A stateful seed-generator object is captured (via functools.partial) by the step function of a fori_loop; the body is traced once, so every step reuses one draw and the generator is left holding a leaked tracer.
from functools import partial

import jax
import jax.numpy as jnp


class SeedGenerator:
    """Minimal stand-in for a framework seed generator: it mutates its own state on every draw."""

    def __init__(self, seed):
        self.state = jax.random.PRNGKey(seed)

    def next(self):
        self.state, sub = jax.random.split(self.state)
        return sub


def euler_maruyama_step(state, time, step_size, drift_fn, diffusion_fn, seed):
    noise = jax.random.normal(seed.next(), state.shape)
    new_state = state + drift_fn(time, state) * step_size + diffusion_fn(time, state) * jnp.sqrt(step_size) * noise
    return new_state, time + step_size, noise


def integrate_stochastic(state, start_time, stop_time, steps, seed):
    step_size = (stop_time - start_time) / steps
    step_fn = partial(euler_maruyama_step, drift_fn=lambda t, x: -x, diffusion_fn=lambda t, x: 0.5, seed=seed)
    noises = jnp.zeros((steps,) + state.shape)

    def body(i, loop_state):
        current_state, time, noises = loop_state
        current_state, time, noise = step_fn(current_state, time, step_size)
        return current_state, time, noises.at[i].set(noise)

    return jax.lax.fori_loop(0, steps, body, (state, start_time, noises))


def main():
    seed_generator = SeedGenerator(0)
    x0 = jnp.ones((3,))
    _, _, noises = integrate_stochastic(x0, 0.0, 1.0, 8, seed_generator)
    print(f"noise identical across steps={bool(jnp.all(noises == noises[0]))}")
    try:
        seed_generator.next()
        print("seed generator still usable")
    except jax.errors.UnexpectedTracerError as e:
        print(f"UnexpectedTracerError: {str(e).splitlines()[0][:90]}")


if __name__ == "__main__":
    main()
