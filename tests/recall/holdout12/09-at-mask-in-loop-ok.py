# expect: none
# source: https://github.com/jax-ml/jax/issues/21994
# mistake: None: the clamp is written with `jnp.where`, which keeps a static shape, so the fori_loop body traces fine.
# kind: 2 traced control flow
import jax.numpy as jnp
from jax import jit, grad, lax


def objective(x, A, b):
    return 0.5 * jnp.sum((A @ x - b) ** 2)


@jit
def nonneg_least_squares(A, b, lr=0.05, n_iter=50):
    def body(i, x):
        x = x - lr * grad(objective)(x, A, b)
        return jnp.where(x < 0, 0.0, x)

    return lax.fori_loop(0, n_iter, body, jnp.zeros(A.shape[1]))


def main():
    A = jnp.array([[1.0, 0.2, 0.0], [0.1, 1.0, 0.3], [0.0, 0.4, 1.0], [0.5, 0.5, 0.5]])
    b = jnp.array([1.0, -2.0, 0.5, 0.3])
    x = nonneg_least_squares(A, b)
    assert (x >= 0).all()


if __name__ == "__main__":
    main()
