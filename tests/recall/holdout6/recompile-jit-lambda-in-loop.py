# expect: bug
# source: https://github.com/jax-ml/jax/issues/9288
# mistake: Inside the time-stepping loop the step is wrapped as jax.jit(lambda s: ...) on every
#   iteration; each lambda is a new function object, so every iteration traces and compiles again.
# case: recompile-jit-lambda-in-loop
# kind: mistake
# rules: SCN306
# jax: symptom RESULT >= 5
# note: The thread contrasted jax.jit(unjitted_loop_body) (cached) with jax.jit(lambda x: ...) inside a
#   while loop (recompiled each iteration); here the lambda lives in a Simulator.advance method that
#   closes over the instance's parameters.
import jax
import jax.monitoring as _mon
import jax.numpy as jnp

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


def heat_step(u, alpha, dx):
    lap = (jnp.roll(u, 1) - 2.0 * u + jnp.roll(u, -1)) / dx**2
    return u + alpha * lap


class Simulator:
    def __init__(self, alpha=0.1, dx=1.0):
        self.alpha = alpha
        self.dx = dx

    def advance(self, u, n_steps):
        for _ in range(n_steps):
            u = jax.jit(lambda v: heat_step(v, self.alpha, self.dx))(u)
        return u


def main():
    sim = Simulator()
    u0 = jnp.zeros(64).at[32].set(1.0)
    sim.advance(u0, 1)  # warm-up
    before = _COMPILES[0]
    sim.advance(u0, 6)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
