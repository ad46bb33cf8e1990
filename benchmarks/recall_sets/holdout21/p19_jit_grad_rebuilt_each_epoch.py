# expect: bug
# source: https://github.com/jax-ml/jax/pull/27980
# mistake: The trainer builds jax.jit(jax.grad(...)) of a locally defined loss inside the epoch loop, so each epoch sees a never-seen function and retraces the gradient.
import jax
import jax.numpy as jnp

TRACES = 0


class Trainer:
    def __init__(self, lr=0.05):
        self.lr = lr

    def fit(self, w, xs, ys, epochs):
        for epoch in range(epochs):
            def loss(w, x, y):
                global TRACES
                TRACES += 1
                return jnp.mean((x @ w - y) ** 2)

            grad_fn = jax.jit(jax.grad(loss))
            for x, y in zip(xs, ys):
                w = w - self.lr * grad_fn(w, x, y)
        return w


def main():
    key = jax.random.PRNGKey(0)
    xs = jax.random.normal(key, (5, 16, 3))
    ys = xs @ jnp.array([1.0, -2.0, 0.5])
    w = Trainer().fit(jnp.zeros(3), xs, ys, epochs=12)
    print(f"epochs=12 traces_of_loss={TRACES} w={w}")


if __name__ == "__main__":
    main()
