# expect: none
# source: https://github.com/PlasmaControl/DESC/pull/1826
# mistake: Resembles j05 (Newton root solve with jitted helpers called once per optimizer iteration), but following the review the residual/jacobian are private module-level functions and the outer mapping is jitted once, so repeated calls with new coefficients reuse the compiled solve.
import functools

import jax
import jax.numpy as jnp

TRACES = {"rootfun": 0}


def _rootfun(theta, alpha, zeta, L_lmn, iota, modes):
    TRACES["rootfun"] += 1
    lmbda = jnp.sum(L_lmn * jnp.sin(modes * theta))
    return theta + lmbda - iota * zeta - alpha


def _jacfun(theta, alpha, zeta, L_lmn, iota, modes):
    return 1.0 + jnp.sum(L_lmn * modes * jnp.cos(modes * theta))


def _newton(theta0, args, maxiter=20):
    def body(i, x):
        return x - _rootfun(x, *args) / _jacfun(x, *args)
    return jax.lax.fori_loop(0, maxiter, body, theta0)


@functools.partial(jnp.vectorize, excluded={2, 3, 4})
def _vecroot(alpha, zeta, L_lmn, iota, modes):
    return _newton(alpha, (alpha, zeta, L_lmn, iota, modes))


@jax.jit
def map_clebsch_coordinates(alpha, L_lmn, iota, zeta, modes):
    return _vecroot(alpha, zeta, L_lmn, iota, modes)


def main():
    modes = jnp.arange(1.0, 6.0)
    alpha = jnp.linspace(0, 2 * jnp.pi, 64)
    zeta = jnp.linspace(0, jnp.pi, 64)
    L_lmn = 0.01 * jnp.ones(5)
    for it in range(5):  # outer optimization loop
        theta = map_clebsch_coordinates(alpha, L_lmn * (1 + it), 0.4, zeta, modes)
    print("theta[:3]:", theta[:3])
    print("traces of _rootfun over 5 outer iterations:", TRACES["rootfun"])
    assert TRACES["rootfun"] == 1
