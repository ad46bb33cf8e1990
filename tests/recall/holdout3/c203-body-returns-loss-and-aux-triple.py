# case: c203-body-returns-loss-and-aux-triple
# source: https://github.com/jax-ml/jax/issues/5776
# kind: mistake
# rules: SCN203
# jax: raises scan body output must be a pair
# note: thread: a has_aux function returning a triple instead of a pair; here a scan body returns
#   (carry, loss, aux) flat instead of (carry, (loss, aux))

import jax
import jax.numpy as jnp

def fit_epochs(w, batches, lr=0.1):
    def epoch(w, batch):
        x, y = batch
        loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        w = w - lr * g
        return w, loss, jnp.linalg.norm(g)
    return jax.lax.scan(epoch, w, batches)

xs = jnp.ones((3, 4, 2))
ys = jnp.zeros((3, 4))
w, losses = fit_epochs(jnp.ones(2), (xs, ys))
