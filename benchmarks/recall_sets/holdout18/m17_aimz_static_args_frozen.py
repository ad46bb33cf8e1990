# expect: bug
# source: https://github.com/markean/aimz/issues/271
# mistake: train_on_batch() builds its jitted SVI update once, taking static_argnames from whichever non-array kwargs the first call passed, and reuses it for every later batch, so a later call in the training loop with a different non-array kwarg fails.
import jax
import jax.numpy as jnp


def svi_update(params, X, y, likelihood="normal", **kwargs):
    def loss(p):
        pred = X @ p
        if likelihood == "normal":
            return jnp.mean((pred - y) ** 2)
        return jnp.mean(jnp.exp(pred) - y * pred)
    g = jax.grad(loss)(params)
    return params - 0.1 * g, loss(params)


class ImpactModel:
    def __init__(self, n_features):
        self.params = jnp.zeros(n_features)
        self._fn_train = None

    def train_on_batch(self, X, y, **kwargs):
        if self._fn_train is None:
            static = tuple(k for k, v in kwargs.items() if not isinstance(v, jax.Array))
            self._fn_train = jax.jit(svi_update, static_argnames=static)
        self.params, loss = self._fn_train(self.params, X, y, **kwargs)
        return loss


def main():
    model = ImpactModel(3)
    X = jnp.ones((8, 3)); y = jnp.ones(8)
    batches = [dict(), dict(), dict(likelihood="poisson")]
    for i, kw in enumerate(batches):
        try:
            loss = model.train_on_batch(X, y, **kw)
            print("batch", i, kw, "loss", round(float(loss), 4))
        except Exception as e:
            print("batch", i, kw, "failed:", type(e).__name__, str(e).splitlines()[0][:100])
