# expect: bug
# source: https://github.com/jax-ml/jax/pull/5492
# mistake: the scan body appends each step's loss to a Python list for logging; the list receives one tracer from tracing, and using it after the scan raises UnexpectedTracerError.
# kind: 7 side effects in loop bodies
import jax
import jax.numpy as jnp
from jax import lax


class Trainer:
    def __init__(self, lr):
        self.lr = lr
        self.history = []

    def fit(self, w, xs, ys):
        def step(w, batch):
            x, y = batch
            loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
            self.history.append(loss)  # side effect inside the traced body
            return w - self.lr * g, None

        w, _ = lax.scan(step, w, (xs, ys))
        return w


def main():
    trainer = Trainer(lr=0.05)
    xs = jnp.ones((5, 4, 2))
    ys = jnp.ones((5, 4))
    trainer.fit(jnp.zeros(2), xs, ys)
    print("logged", len(trainer.history), "losses")
    print(jnp.stack(trainer.history).mean())


if __name__ == "__main__":
    main()
