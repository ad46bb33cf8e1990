# expect: none
# source: https://github.com/jax-ml/jax/issues/1112
# mistake: The step count is a static argument, so fori_loop sees Python-int bounds, lowers to scan, and reverse-mode grad works.
import jax
import jax.numpy as jnp


class Rollout:
    def __init__(self, A, B):
        self.A, self.B = A, B

    def loss(self, x0, us, n_steps):
        def body(t, carry):
            x, acc = carry
            x = self.A @ x + self.B @ us[t]
            return x, acc + jnp.sum(x**2)

        _, acc = jax.lax.fori_loop(0, n_steps, body, (x0, 0.0))
        return acc


def main():
    model = Rollout(jnp.array([[0.9, 0.1], [0.0, 0.8]]), jnp.eye(2))
    us = jnp.ones((10, 2))
    grad_fn = jax.jit(jax.grad(model.loss), static_argnums=2)
    print("grad:", grad_fn(jnp.ones(2), us, 10))


if __name__ == "__main__":
    main()
