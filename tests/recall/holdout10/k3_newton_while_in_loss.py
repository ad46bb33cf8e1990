# expect: bug
# source: https://github.com/jax-ml/jax/issues/83
# mistake: an optax training loss contains a Newton solve written as lax.while_loop with a tolerance test, and jax.value_and_grad tries to reverse-differentiate through it.
# kind: 3 reverse-mode grad through while_loop / traced fori_loop
import jax
import jax.numpy as jnp
import optax
from jax import lax


def solve_cubic(p, tol=1e-6):
    """Root of z**3 + z - p by Newton's method, iterated until converged."""

    def not_done(state):
        z, dz = state
        return jnp.max(jnp.abs(dz)) > tol

    def newton(state):
        z, _ = state
        dz = (z ** 3 + z - p) / (3 * z ** 2 + 1)
        return z - dz, dz

    z, _ = lax.while_loop(not_done, newton, (jnp.zeros_like(p), jnp.ones_like(p)))
    return z


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
    print(value)


if __name__ == "__main__":
    main()
