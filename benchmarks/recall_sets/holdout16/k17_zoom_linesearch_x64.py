# expect: bug
# source: https://github.com/jax-ml/jax/issues/6286
# mistake: with jax_enable_x64 on and a float32 objective, the zoom line-search state is initialised from float32 function values but the step sizes start as jnp.zeros(())/jnp.ones(()) (float64 under x64), so inside the while_loop phi values are recomputed in float64 and the carried _ZoomState changes dtype: "carry input and carry output must have equal types".
from typing import NamedTuple

import jax
import jax.numpy as jnp


class _ZoomState(NamedTuple):
    done: jax.Array
    j: jax.Array
    a_lo: jax.Array
    phi_lo: jax.Array
    a_hi: jax.Array
    phi_hi: jax.Array


def _zoom(restricted_func, phi_0, dphi_0, maxiter=10, c1=1e-4):
    state = _ZoomState(
        done=jnp.array(False),
        j=jnp.array(0),
        a_lo=jnp.zeros(()),
        phi_lo=phi_0,
        a_hi=jnp.ones(()),
        phi_hi=restricted_func(1.0),
    )

    def body(state):
        a_j = 0.5 * (state.a_lo + state.a_hi)
        phi_j = restricted_func(a_j)
        sufficient = phi_j <= phi_0 + c1 * a_j * dphi_0
        return state._replace(
            j=state.j + 1,
            done=sufficient,
            a_hi=jnp.where(sufficient, state.a_hi, a_j),
            phi_hi=jnp.where(sufficient, state.phi_hi, phi_j),
            a_lo=jnp.where(sufficient, a_j, state.a_lo),
            phi_lo=jnp.where(sufficient, phi_j, state.phi_lo),
        )

    return jax.lax.while_loop(lambda s: (~s.done) & (s.j < maxiter), body, state)


def f(x):
    return jnp.sum(x ** 2)


def minimize_bfgs_like(fun, x0, maxiter=5):
    x = x0
    for k in range(maxiter):
        g = jax.grad(fun)(x)
        p = -g
        restricted = lambda t: fun(x + t * p)
        zs = _zoom(restricted, fun(x), jnp.dot(g, p))
        x = x + zs.a_lo * p
    return x


def main():
    x0 = jnp.ones(2, dtype=jnp.float32)
    with jax.enable_x64(True):
        try:
            x = minimize_bfgs_like(f, jnp.asarray(x0, jnp.float32))
            print("x =", x)
        except TypeError as e:
            print("TypeError:", " ".join(str(e).split())[:180])
