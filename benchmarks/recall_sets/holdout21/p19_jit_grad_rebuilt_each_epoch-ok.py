# expect: none
# source: https://github.com/jax-ml/jax/pull/27980
# mistake: The loss is a module-level function and its jitted gradient is created once in the constructor, so all epochs reuse the same compiled gradient.
import jax
import jax.numpy as jnp

TRACES = 0


def loss(w, x, y):
    global TRACES
    TRACES += 1
    return jnp.mean((x @ w - y) ** 2)


class Trainer:
    def __init__(self, lr=0.05):
        self.lr = lr
        self.grad_fn = jax.jit(jax.grad(loss))

    def fit(self, w, xs, ys, epochs):
        for epoch in range(epochs):
            for x, y in zip(xs, ys):
                w = w - self.lr * self.grad_fn(w, x, y)
        return w


def main():
    key = jax.random.PRNGKey(0)
    xs = jax.random.normal(key, (5, 16, 3))
    ys = xs @ jnp.array([1.0, -2.0, 0.5])
    w = Trainer().fit(jnp.zeros(3), xs, ys, epochs=12)
    print(f"epochs=12 traces_of_loss={TRACES} w={w}")


if __name__ == "__main__":
    main()
