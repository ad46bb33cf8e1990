# expect: bug
# source: https://github.com/jax-ml/jax/issues/1954
# mistake: a jitted linear-dynamics rollout takes the horizon as an ordinary (traced) argument and uses it as the fori_loop stop bound, so the loop becomes a while_loop and jax.grad through it fails.
# kind: 3 reverse-mode grad through while_loop / traced fori_loop
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def rollout_cost(x0, controls, A, B, horizon):
    def step(t, carry):
        x, cost = carry
        u = controls[t]
        x = A @ x + B @ u
        return x, cost + jnp.sum(x ** 2)

    _, cost = lax.fori_loop(0, horizon, step, (x0, 0.0))
    return cost


def main():
    A = jnp.array([[0.7, 0.5], [0.5, 0.8]])
    B = jnp.array([[0.4], [1.2]])
    x0 = jnp.ones(2)
    controls = jnp.zeros((10, 1))
    horizon = 10  # traced once rollout_cost is jitted
    grads = jax.grad(rollout_cost, argnums=1)(x0, controls, A, B, horizon)
    print(grads.shape)


if __name__ == "__main__":
    main()
