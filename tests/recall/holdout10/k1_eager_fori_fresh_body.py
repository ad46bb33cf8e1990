# expect: bug
# source: https://github.com/jax-ml/jax/pull/1394
# mistake: lax.fori_loop is called eagerly (outside jit) with a body closure that is redefined on every call, so each outer iteration gets a cache miss and a new compile.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import lax

_events = []


def _listener(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        _events.append(event)


jax.monitoring.register_event_duration_secs_listener(_listener)


class PowerMethod:
    def __init__(self, matrix, inner_steps):
        self.matrix = matrix
        self.inner_steps = inner_steps

    def refine(self, v):
        def body(i, v):
            w = self.matrix @ v
            return w / jnp.linalg.norm(w)

        return lax.fori_loop(0, self.inner_steps, body, v)


def main():
    a = jnp.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
    solver = PowerMethod(a, inner_steps=10)
    v = solver.refine(jnp.ones(3))  # first call compiles
    before = len(_events)
    rounds = 4
    for _ in range(rounds):
        v = solver.refine(v)
    v.block_until_ready()
    n = len(_events) - before
    if n >= rounds:
        print(f"SYMPTOM: {n} compiles for {rounds} eager fori_loop calls of identical shape")


if __name__ == "__main__":
    main()
