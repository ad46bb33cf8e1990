# expect: none
# source: https://blog.gitcode.com/7598eb7334d9bb0bf341c91405cd2c7c.html
# mistake: The step-size carry is created as a float32 JAX scalar before the loop, so its type is the same on every iteration and the update compiles once.
import jax
import jax.numpy as jnp

TRACES = 0


@jax.jit
def newton_like_update(theta, grad, step_size):
    global TRACES
    TRACES += 1
    return theta - step_size * grad, step_size * jnp.float32(0.9)


def fit(theta, n_iter):
    step_size = jnp.float32(0.5)
    for _ in range(n_iter):
        grad = 2.0 * theta
        theta, step_size = newton_like_update(theta, grad, step_size)
    return theta


def main():
    theta = jnp.ones(3, dtype=jnp.float32)
    theta = fit(theta, 10)
    print(f"iterations=10 traces={TRACES} theta0={float(theta[0]):.6f}")


if __name__ == "__main__":
    main()
