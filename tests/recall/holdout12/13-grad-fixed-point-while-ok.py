# expect: none
# source: https://github.com/jax-ml/jax/pull/1980
# mistake: None: the while_loop solver is differentiated in forward mode (`jax.jvp` / `jax.jacfwd`), which while_loop supports.
# kind: 3 grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


def fixed_point(f, x0, tol=1e-6, max_iter=200):
    def cond(state):
        x_prev, x, i = state
        return jnp.logical_and(jnp.max(jnp.abs(x - x_prev)) > tol, i < max_iter)

    def body(state):
        _, x, i = state
        return x, f(x), i + 1

    _, x_star, _ = lax.while_loop(cond, body, (x0, f(x0), 0))
    return x_star


def equilibrium_loss(scale):
    theta = scale * jnp.eye(3) + 0.05
    layer = lambda z: jnp.tanh(theta @ z + 1.0)
    z_star = fixed_point(layer, jnp.zeros(3))
    return jnp.sum(z_star ** 2)


def main():
    value, tangent = jax.jvp(equilibrium_loss, (0.3,), (1.0,))
    slope = jax.jacfwd(equilibrium_loss)(0.3)
    assert jnp.allclose(tangent, slope, rtol=1e-4)


if __name__ == "__main__":
    main()
