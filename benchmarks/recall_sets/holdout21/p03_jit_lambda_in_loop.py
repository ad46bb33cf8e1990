# expect: bug
# source: https://github.com/jax-ml/jax/pull/27980
# mistake: A training loop wraps a fresh lambda in jax.jit on every iteration, so each iteration is a never-seen function and is traced and compiled again.
import jax
import jax.numpy as jnp

TRACES = 0


def sgd_update(params, grads, lr):
    global TRACES
    TRACES += 1
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def loss(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


def train(params, x, y, steps):
    for step in range(steps):
        grads = jax.grad(loss)(params, x, y)
        params = jax.jit(lambda p, g: sgd_update(p, g, 0.1))(params, grads)
    return params


def main():
    x = jnp.ones((8, 3))
    y = jnp.zeros((8,))
    params = {"w": jnp.ones((3,)), "b": jnp.zeros(())}
    params = train(params, x, y, steps=20)
    print(f"steps=20 traces_of_update={TRACES} loss={float(loss(params, x, y)):.4f}")


if __name__ == "__main__":
    main()
