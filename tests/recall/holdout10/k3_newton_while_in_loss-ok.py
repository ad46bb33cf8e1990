# expect: none
# source: https://github.com/jax-ml/jax/issues/17753
# mistake: none: the Newton/fixed-point while_loop is wrapped in jax.custom_vjp with an implicit-function backward rule, so grad never transposes the while_loop.
# kind: 3 reverse-mode grad through while_loop / traced fori_loop
import jax
import jax.numpy as jnp
import optax
from jax import lax


def _newton_solve(p, tol=1e-6):
    def not_done(state):
        z, dz = state
        return jnp.max(jnp.abs(dz)) > tol

    def newton(state):
        z, _ = state
        dz = (z ** 3 + z - p) / (3 * z ** 2 + 1)
        return z - dz, dz

    z, _ = lax.while_loop(not_done, newton, (jnp.zeros_like(p), jnp.ones_like(p)))
    return z


@jax.custom_vjp
def solve_cubic(p):
    return _newton_solve(p)


def _solve_fwd(p):
    z = _newton_solve(p)
    return z, z


def _solve_bwd(z, g):
    # implicit function theorem: F(z, p) = z**3 + z - p = 0  =>  dz/dp = 1 / (3 z**2 + 1)
    return (g / (3 * z ** 2 + 1),)


solve_cubic.defvjp(_solve_fwd, _solve_bwd)


def loss(params, targets):
    roots = solve_cubic(params["p"])
    return jnp.mean((roots - targets) ** 2)


def main():
    params = {"p": jnp.linspace(0.5, 3.0, 4)}
    targets = jnp.ones(4)
    opt = optax.adam(1e-2)
    state = opt.init(params)
    for _ in range(3):
        value, grads = jax.value_and_grad(loss)(params, targets)
        updates, state = opt.update(grads, state)
        params = optax.apply_updates(params, updates)
    assert jnp.isfinite(value)


if __name__ == "__main__":
    main()
