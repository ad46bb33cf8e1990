# case: c203-body-returns-loss-and-aux-triple-ok
# source: https://github.com/jax-ml/jax/issues/5776
# kind: lookalike
# rules: SCN203
# jax: runs
# pair: c203-body-returns-loss-and-aux-triple

import jax
import jax.numpy as jnp

def fit_epochs(w, batches, lr=0.1):
    def epoch(w, batch):
        x, y = batch
        loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        w = w - lr * g
        return w, (loss, jnp.linalg.norm(g))
    return jax.lax.scan(epoch, w, batches)

xs = jnp.ones((3, 4, 2))
ys = jnp.zeros((3, 4))
w, (losses, norms) = fit_epochs(jnp.ones(2), (xs, ys))
