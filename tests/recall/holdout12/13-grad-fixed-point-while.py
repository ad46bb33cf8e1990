# expect: bug
# source: https://github.com/jax-ml/jax/pull/16150
# mistake: A damped fixed-point solver iterates with `lax.while_loop` until convergence and is then differentiated with `jax.grad`, which reverse-mode AD cannot transpose.
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


def equilibrium_loss(theta):
    layer = lambda z: jnp.tanh(theta @ z + 1.0)
    z_star = fixed_point(layer, jnp.zeros(theta.shape[0]))
    return jnp.sum(z_star ** 2)


def main():
    theta = 0.3 * jnp.eye(3) + 0.05
    print(jax.grad(equilibrium_loss)(theta))


if __name__ == "__main__":
    main()
