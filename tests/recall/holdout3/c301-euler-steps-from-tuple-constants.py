# case: c301-euler-steps-from-tuple-constants
# source: https://github.com/IanQS/numpy_to_jax
# kind: mistake
# rules: SCN301
# jax: symptom hlo.count('stablehlo.multiply') >= 160
# note: jitted at module level as jax.jit(partial(f, dt=...)), the trip count a constant unpacked
#   from a tuple `(T_END, N_STEPS) = (10.0, 40)` (the lesson: do not jit functions with native
#   Python for loops; the Lotka-Volterra case study)

from functools import partial
import jax
import jax.numpy as jnp

(T_END, N_STEPS) = (10.0, 40)

def lotka_volterra(state, dt, a=1.0, b=0.1, c=1.5, d=0.075):
    for _ in range(N_STEPS):
        prey, pred = state[0], state[1]
        growth = jnp.array([a * prey - b * prey * pred, d * prey * pred - c * pred])
        state = state + dt * growth
    return state

simulate = jax.jit(partial(lotka_volterra, dt=T_END / N_STEPS))
hlo = simulate.lower(jnp.array([10.0, 5.0])).as_text()
