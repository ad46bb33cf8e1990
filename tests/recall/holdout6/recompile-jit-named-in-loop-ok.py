# expect: none
# source: https://github.com/jax-ml/jax/issues/9288
# mistake: Looks like jit-inside-a-loop, but the same module-level function is jitted every
#   iteration (scalar parameters passed as static keywords); jit's cache keys on the function, so
#   after the first step every call is a cache hit.
# case: recompile-jit-named-in-loop-ok
# kind: lookalike
# rules: SCN306
# jax: symptom RESULT >= 5
# pair: recompile-jit-lambda-in-loop
# note: The thread observed that jax.jit(unjitted_loop_body) inside the loop was not recompiled; this
#   is that case written as a Simulator method passing a named function to jax.jit each step.
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
            u = jax.jit(heat_step, static_argnames=("alpha", "dx"))(u, alpha=self.alpha, dx=self.dx)
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
