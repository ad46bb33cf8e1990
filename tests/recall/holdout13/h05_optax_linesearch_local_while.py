# expect: bug
# source: https://github.com/google-deepmind/optax/issues/1171
# mistake: The backtracking line search defines cond_fn and body_fn inside update_fn and calls lax.while_loop eagerly, so every optimizer update retraces and recompiles the while loop.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import lax


class BacktrackingLinesearch:
    def __init__(self, value_fn, decrease_factor=0.5, slope_rtol=1e-4, max_steps=20):
        self.value_fn = value_fn
        self.decrease_factor = decrease_factor
        self.slope_rtol = slope_rtol
        self.max_steps = max_steps

    def update_fn(self, params, value, grad):
        direction = -grad
        slope = jnp.vdot(grad, direction)

        def cond_fn(state):
            step, stepsize, new_value = state
            armijo = new_value <= value + self.slope_rtol * stepsize * slope
            return (~armijo) & (step < self.max_steps)

        def body_fn(state):
            step, stepsize, _ = state
            stepsize = stepsize * self.decrease_factor
            return step + 1, stepsize, self.value_fn(params + stepsize * direction)

        init = (jnp.asarray(0), jnp.asarray(1.0), self.value_fn(params + direction))
        _, stepsize, _ = lax.while_loop(cond_fn, body_fn, init)
        return params + stepsize * direction


def rosen(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


def main():
    traces = []
    jax.monitoring.register_event_duration_secs_listener(
        lambda name, secs, **kw: traces.append(name)
        if name == "/jax/core/compile/backend_compile_duration" else None)
    ls = BacktrackingLinesearch(rosen)
    value_and_grad = jax.jit(jax.value_and_grad(rosen))
    x = jnp.zeros(5)
    for it in range(8):
        value, grad = value_and_grad(x)
        x = ls.update_fn(x, value, grad)
        if it == 2:
            mark = len(traces)
    extra = len(traces) - mark
    if extra:
        print(f"SYMPTOM: {extra} backend compiles in updates 4-8 of a fixed-shape optimisation")


if __name__ == "__main__":
    main()
