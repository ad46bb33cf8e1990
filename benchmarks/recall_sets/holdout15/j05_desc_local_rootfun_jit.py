# expect: bug
# source: https://github.com/PlasmaControl/DESC/issues/1873
# mistake: map_clebsch_coordinates defines its jitted root/jacobian functions locally, so every call (e.g. once per optimizer iteration) creates new jit wrappers and the Newton solve is re-traced and recompiled each time.
import jax
import jax.numpy as jnp
from jax import jit

TRACES = {"rootfun": 0}


def _newton(fun, x0, jac, args, maxiter=20):
    def body(i, x):
        return x - fun(x, *args) / jac(x, *args)

    return jax.lax.fori_loop(0, maxiter, body, x0)


def map_clebsch_coordinates(alpha, L_lmn, iota, zeta, modes):
    """Find theta such that theta + lambda(theta) - iota*zeta == alpha."""

    @jit
    def rootfun(theta, alpha_k, zeta_k):
        TRACES["rootfun"] += 1
        lmbda = jnp.sum(L_lmn * jnp.sin(modes * theta))
        return theta + lmbda - iota * zeta_k - alpha_k

    @jit
    def jacfun(theta, alpha_k, zeta_k):
        return 1.0 + jnp.sum(L_lmn * modes * jnp.cos(modes * theta))

    @jnp.vectorize
    def vecroot(theta0, alpha_k, zeta_k):
        return _newton(rootfun, theta0, jacfun, (alpha_k, zeta_k))

    return vecroot(alpha, alpha, zeta)


def main():
    modes = jnp.arange(1.0, 6.0)
    alpha = jnp.linspace(0, 2 * jnp.pi, 64)
    zeta = jnp.linspace(0, jnp.pi, 64)
    iota = 0.4
    L_lmn = 0.01 * jnp.ones(5)
    for it in range(5):  # outer optimization loop, same shapes each time
        theta = map_clebsch_coordinates(alpha, L_lmn * (1 + it), iota, zeta, modes)
    print("theta[:3]:", theta[:3])
    print("traces of rootfun over 5 outer iterations:", TRACES["rootfun"])
    assert TRACES["rootfun"] >= 5
