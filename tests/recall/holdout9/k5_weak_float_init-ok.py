# expect: none
# source: https://docs.jax.dev/en/latest/_autosummary/jax.lax.while_loop.html
# mistake: none; the loop carry starts from Python scalars (0 and 0.0) and a zeros_like velocity, which JAX accepts because weakly-typed scalars take the dtype the body produces.
# kind: 5 carry-dtype
import jax
import jax.numpy as jnp
from jax import lax


def heavy_ball(f, x0, lr=0.1, beta=0.9, n=50):
    g = jax.grad(f)

    def body(carry):
        it, x, velocity, path_len = carry
        velocity = beta * velocity + g(x)
        step = lr * velocity
        return it + 1, x - step, velocity, path_len + jnp.linalg.norm(step)

    _, x, _, path_len = lax.while_loop(lambda c: c[0] < n, body, (0, x0, jnp.zeros_like(x0), 0.0))
    return x, path_len


def main():
    x, path_len = heavy_ball(lambda x: jnp.sum((x - 3.0) ** 2), jnp.zeros(3, dtype=jnp.float32))
    print(x, path_len.dtype)


if __name__ == "__main__":
    main()
