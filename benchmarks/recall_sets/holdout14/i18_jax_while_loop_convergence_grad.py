# expect: bug
# source: https://github.com/jax-ml/jax/issues/2469
# mistake: a fixed-point solver iterates with lax.while_loop until convergence and the caller then takes jax.grad through it, but while_loop has no bounded trip count and is not reverse-mode differentiable, so the gradient raises.
import jax
import jax.numpy as jnp
from jax import lax


def fixed_point(f, x0, tol=1e-6):
    def cond_fun(carry):
        x_prev, x = carry
        return jnp.max(jnp.abs(x - x_prev)) > tol

    def body_fun(carry):
        _, x = carry
        return x, f(x)

    _, x_star = lax.while_loop(cond_fun, body_fun, (x0, f(x0)))
    return x_star


def equilibrium_loss(theta):
    f = lambda x: jnp.tanh(theta * x + 0.5)
    x_star = fixed_point(f, jnp.zeros(3))
    return jnp.sum(x_star ** 2)


def main():
    print("loss:", equilibrium_loss(0.3))
    g = jax.grad(equilibrium_loss)(0.3)
    print("grad:", g)
    return g


if __name__ == "__main__":
    main()
