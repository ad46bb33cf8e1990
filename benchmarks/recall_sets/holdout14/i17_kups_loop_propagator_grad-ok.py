# expect: none
# source: https://github.com/cusp-ai-oss/kUPS/pull/62
# mistake: (correct) the trajectory is rolled out with a ScanPropagator that repeats the step with lax.scan over a static Python int trip count, so jax.grad of the trajectory loss works end to end.
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    positions: jax.Array
    velocities: jax.Array


class Propagator:
    def __call__(self, state: State) -> State:
        raise NotImplementedError


class VelocityVerlet(Propagator):
    def __init__(self, force_fn: Callable, dt: float):
        self.force_fn, self.dt = force_fn, dt

    def __call__(self, state):
        f = self.force_fn(state.positions)
        v_half = state.velocities + 0.5 * self.dt * f
        x = state.positions + self.dt * v_half
        v = v_half + 0.5 * self.dt * self.force_fn(x)
        return State(x, v)


class ScanPropagator(Propagator):
    """Repeat a propagator a fixed number of times with reverse-mode AD support."""

    def __init__(self, propagator: Propagator, n_steps: int):
        self.propagator, self.n_steps = propagator, n_steps

    def __call__(self, state):
        def body(s, _):
            return self.propagator(s), None

        return jax.lax.scan(body, state, None, length=self.n_steps)[0]


def trajectory_loss(k, state0, target):
    force_fn = lambda x: -k * x
    propagator = ScanPropagator(VelocityVerlet(force_fn, dt=0.05), n_steps=50)
    final = propagator(state0)
    return jnp.sum((final.positions - target) ** 2)


def main():
    state0 = State(jnp.array([1.0, -0.5]), jnp.zeros(2))
    target = jnp.array([0.2, -0.1])
    print("loss:", trajectory_loss(2.0, state0, target))
    g = jax.grad(trajectory_loss)(2.0, state0, target)
    print("dloss/dk:", g)
    return g


if __name__ == "__main__":
    main()
