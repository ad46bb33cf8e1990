# expect: bug
# source: https://github.com/eserie/wax-ml/pull/45
# mistake: the fori_loop unroll passes the same rng key to the stateful apply function at every time step (the key is carried but never renewed), so the "random" noise is identical at every step
# kind: 4 prng-reuse
from collections import namedtuple

import jax
import jax.numpy as jnp
from jax import lax

LoopState = namedtuple("LoopState", "params, state, rng, x, output_sequence")


def apply(params, prev_state, rng, x):
    noise = jax.random.normal(rng, ())
    next_state = 0.9 * prev_state + x + params["scale"] * noise
    return next_state, next_state


def dynamic_unroll_fori_loop(params, state, rng, xs):
    T = xs.shape[0]
    output_sequence = jnp.full((T,), jnp.nan)

    @jax.jit
    def body_fun(i, loop_state):
        params, prev_state, rng, inputs, output_sequence = loop_state
        outputs, next_state = apply(params, prev_state, rng, inputs[i])
        output_sequence = output_sequence.at[i].set(outputs)
        return LoopState(params, next_state, rng, inputs, output_sequence)

    loop_state = lax.fori_loop(0, T, body_fun, LoopState(params, state, rng, xs, output_sequence))
    return loop_state.output_sequence, loop_state.state


def main():
    params = {"scale": 1.0}
    xs = jnp.zeros(6)
    out, _ = dynamic_unroll_fori_loop(params, jnp.zeros(()), jax.random.PRNGKey(0), xs)
    noise = out[1:] - 0.9 * out[:-1]
    print("per-step noise:", noise)
    if jnp.allclose(noise, noise[0]):
        print("SYMPTOM: the same noise value is drawn at every time step")


if __name__ == "__main__":
    main()
