# expect: none
# source: https://github.com/markean/aimz/issues/271
# mistake: the jitted update is cached per set of non-array kwarg names (the fix proposed in the issue), so a batch that passes a new non-array kwarg gets its own compiled update with matching static_argnames and the training loop keeps running.
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
        self._fn_train = {}

    def train_on_batch(self, X, y, **kwargs):
        static = tuple(sorted(k for k, v in kwargs.items() if not isinstance(v, jax.Array)))
        if static not in self._fn_train:
            self._fn_train[static] = jax.jit(svi_update, static_argnames=static)
        self.params, loss = self._fn_train[static](self.params, X, y, **kwargs)
        return loss


def main():
    model = ImpactModel(3)
    X = jnp.ones((8, 3)); y = jnp.ones(8)
    batches = [dict(), dict(), dict(likelihood="poisson")]
    for i, kw in enumerate(batches):
        loss = model.train_on_batch(X, y, **kw)
        print("batch", i, kw, "loss", round(float(loss), 4))
