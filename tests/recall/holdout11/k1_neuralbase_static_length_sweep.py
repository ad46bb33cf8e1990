# expect: bug
# source: https://theneuralbase.com/jax/learn/beginner/jit-with-static-argnums/
# mistake: The output length is marked static and the calling loop asks for a different length on every iteration, so the jitted function is recompiled on each pass of the loop.
# kind: 1 recompiles
from functools import partial

import jax
import jax.numpy as jnp
from jax import monitoring

COMPILES = [0]


def _on_duration(event, duration, **kwargs):
    if event == "/jax/core/compile/backend_compile_duration":
        COMPILES[0] += 1


@partial(jax.jit, static_argnums=(1,))
def compute_output(key, length, scale):
    noise = jax.random.normal(key, (length,))
    return jnp.cumsum(noise) * scale


def rollout_lengths(key, horizon):
    """Curriculum: look one step further ahead every iteration."""
    totals = []
    for t in range(1, horizon + 1):
        key, sub = jax.random.split(key)
        path = compute_output(sub, t, 0.1)
        totals.append(float(path[-1]))
    return totals


def main():
    monitoring.register_event_duration_secs_listener(_on_duration)
    key = jax.random.PRNGKey(0)
    rollout_lengths(key, 4)  # first pass: compiles for every new length are expected once
    before = COMPILES[0]
    rollout_lengths(jax.random.PRNGKey(1), 10)  # extends the horizon: new static lengths 5..10
    n = COMPILES[0] - before
    if n >= 6:
        print(f"SYMPTOM: {n} backend compilations while extending the loop from 4 to 10 "
              f"iterations (compute_output recompiles for every new static length)")


if __name__ == "__main__":
    main()
