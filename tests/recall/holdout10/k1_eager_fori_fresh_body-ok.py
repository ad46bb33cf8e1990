# expect: none
# source: https://github.com/jax-ml/jax/pull/1394
# mistake: none: the loop body is defined once at module level (the PR's fix for fori_loop cache misses), so repeated eager fori_loop calls reuse the compiled loop.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import lax

_events = []


def _listener(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        _events.append(event)


jax.monitoring.register_event_duration_secs_listener(_listener)


def _normalized_step(i, carry):
    matrix, v = carry
    w = matrix @ v
    return matrix, w / jnp.linalg.norm(w)


class PowerMethod:
    def __init__(self, matrix, inner_steps):
        self.matrix = matrix
        self.inner_steps = inner_steps

    def refine(self, v):
        _, v = lax.fori_loop(0, self.inner_steps, _normalized_step, (self.matrix, v))
        return v


def main():
    a = jnp.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    solver = PowerMethod(a, inner_steps=10)
    v = solver.refine(jnp.ones(3))
    before = len(_events)
    for _ in range(4):
        v = solver.refine(v)
    v.block_until_ready()
    assert len(_events) - before <= 1


if __name__ == "__main__":
    main()
