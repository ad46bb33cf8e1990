# expect: bug
# source: https://github.com/jax-ml/jax/issues/1575
# mistake: the body mapped by jax.lax.map converts grad_indices[i] to a Python int to pick the argnums of jax.grad, but i is a tracer inside the loop body, so int() fails with a concretization error.
import jax
import jax.numpy as jnp


def f(x, y):
    return 2 * x + 3 * y


inp = jnp.array([1.0, 2.0, 3.0, 4.0, 5.0])
grad_indices = jnp.array([0, 0, 1, 0, 1])


def partialf(i):
    idx = int(grad_indices[i])
    grad_result = jax.grad(f, argnums=idx)(inp[i], inp[i])
    return grad_result


def main():
    grad_result = jax.lax.map(partialf, jnp.arange(5))
    print(grad_result)
    return grad_result


if __name__ == "__main__":
    main()
