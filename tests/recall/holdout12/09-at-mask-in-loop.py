# expect: bug
# source: https://github.com/jax-ml/jax/issues/21994
# mistake: A projected-gradient loop clamps the iterate with `x.at[x < 0].set(0)` inside `fori_loop`, and boolean-mask indexing of a traced array raises NonConcreteBooleanIndexError.
# kind: 2 traced control flow
import jax.numpy as jnp
from jax import jit, grad, lax


def objective(x, A, b):
    return 0.5 * jnp.sum((A @ x - b) ** 2)


@jit
def nonneg_least_squares(A, b, lr=0.05, n_iter=50):
    def body(i, x):
        x = x - lr * grad(objective)(x, A, b)
        return x.at[x < 0].set(0.0)

    return lax.fori_loop(0, n_iter, body, jnp.zeros(A.shape[1]))


def main():
    A = jnp.array([[1.0, 0.2, 0.0], [0.1, 1.0, 0.3], [0.0, 0.4, 1.0], [0.5, 0.5, 0.5]])
    b = jnp.array([1.0, -2.0, 0.5, 0.3])
    print(nonneg_least_squares(A, b))


if __name__ == "__main__":
    main()
