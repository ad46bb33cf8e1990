# case: b204-next-on-minibatch-generator-ok
# source: https://github.com/probml/dynamax/issues/130
# kind: lookalike
# rules: SCN204
# jax: symptom bool(jnp.all(seen == seen[0]))
# pair: b204-next-on-minibatch-generator

import jax
import jax.numpy as jnp

def run_sgd(params, data, size=2):
    batches = data.reshape(-1, size, data.shape[1])

    def train_step(p, batch):
        p = p - 0.1 * (p - batch.mean())
        return p, batch.mean()

    _, seen = jax.lax.scan(train_step, params, batches)
    return seen

seen = run_sgd(jnp.float32(0.0), jnp.arange(12.0).reshape(6, 2))
