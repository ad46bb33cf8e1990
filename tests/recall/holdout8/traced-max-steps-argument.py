# expect: bug
# source: https://github.com/patrick-kidger/diffrax/issues/379
# mistake: max_steps is passed as an ordinary argument of the jitted solve, so inside the checkpointed while-loop helper `if max_steps == 1:` compares a tracer and raises TracerBoolConversionError
# kind: 2 traced-control-flow
import jax
import jax.numpy as jnp
from jax import lax


def checkpointed_while_loop(cond_fun, body_fun, init_val, max_steps):
    if max_steps == 1:
        return lax.cond(cond_fun(init_val), body_fun, lambda v: v, init_val)

    def _cond(carry):
        step, val = carry
        return (step < max_steps) & cond_fun(val)

    def _body(carry):
        step, val = carry
        return step + 1, body_fun(val)

    return lax.while_loop(_cond, _body, (0, init_val))[1]


@jax.jit
def solve(y0, dt, max_steps):
    def cond_fun(state):
        t, _ = state
        return t < 1.0

    def body_fun(state):
        t, y = state
        return t + dt, y - dt * y

    return checkpointed_while_loop(cond_fun, body_fun, (0.0, y0), max_steps)


def main():
    # raises jax.errors.TracerBoolConversionError (max_steps is traced)
    print(solve(jnp.ones(3), 0.1, 4096))


if __name__ == "__main__":
    main()
