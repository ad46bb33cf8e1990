# case: c301-euler-steps-from-tuple-constants-ok
# source: https://github.com/IanQS/numpy_to_jax
# kind: lookalike
# rules: SCN301
# jax: symptom hlo.count('stablehlo.multiply') >= 160
# pair: c301-euler-steps-from-tuple-constants

from functools import partial
import jax
import jax.numpy as jnp

(T_END, N_STEPS) = (10.0, 40)

def lotka_volterra(state, dt, a=1.0, b=0.1, c=1.5, d=0.075):
    def euler(_, state):
        prey, pred = state[0], state[1]
        growth = jnp.array([a * prey - b * prey * pred, d * prey * pred - c * pred])
        return state + dt * growth
    return jax.lax.fori_loop(0, N_STEPS, euler, state)

simulate = jax.jit(partial(lotka_volterra, dt=T_END / N_STEPS))
hlo = simulate.lower(jnp.array([10.0, 5.0])).as_text()
