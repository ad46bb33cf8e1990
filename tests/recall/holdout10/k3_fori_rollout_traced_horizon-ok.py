# expect: none
# source: https://github.com/jax-ml/jax/issues/1954
# mistake: none: the thread's scan version walks the control sequence with lax.scan, whose length is static, so reverse-mode grad works.
# kind: 3 reverse-mode grad through while_loop / traced fori_loop
import jax
import jax.numpy as jnp
from jax import lax


def rollout_cost(x0, controls, A, B):
    def step(x, u):
        x = A @ x + B @ u
        return x, jnp.sum(x ** 2)

    _, costs = lax.scan(step, x0, controls)
    return costs.sum()


def main():
    A = jnp.array([[0.7, 0.5], [0.5, 0.8]])
    B = jnp.array([[0.4], [1.2]])
    x0 = jnp.ones(2)
    controls = jnp.zeros((10, 1))
    grads = jax.grad(rollout_cost, argnums=1)(x0, controls, A, B)
    assert grads.shape == (10, 1)


if __name__ == "__main__":
    main()
