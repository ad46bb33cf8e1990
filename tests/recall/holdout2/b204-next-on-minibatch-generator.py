# case: b204-next-on-minibatch-generator
# source: https://github.com/probml/dynamax/issues/130
# kind: mistake
# rules: SCN204
# jax: symptom bool(jnp.all(seen == seen[0]))
# note: next() on a generator made outside the body: every step trains on the first minibatch

import jax
import jax.numpy as jnp

def minibatches(x, size):
    for i in range(0, x.shape[0], size):
        yield x[i:i + size]

def run_sgd(params, data, size=2):
    batches = minibatches(data, size)

    def train_step(p, _):
        batch = next(batches)
        p = p - 0.1 * (p - batch.mean())
        return p, batch.mean()

    _, seen = jax.lax.scan(train_step, params, None, length=3)
    return seen

seen = run_sgd(jnp.float32(0.0), jnp.arange(12.0).reshape(6, 2))
