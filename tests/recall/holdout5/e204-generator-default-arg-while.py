# case: e204-generator-default-arg-while
# source: https://github.com/probml/dynamax/pull/415
# kind: mistake
# rules: SCN204
# jax: symptom float(seen_total) != float(dataset.sum())
# note: SGD over minibatches where a Python generator is bound into the while_loop body as
#   a default argument and advanced with next(); the body is traced once, so every
#   iteration trains on the first minibatch. dynamax's run_sgd captured the generator by
#   closure and carried the optimizer state as well.

import jax
import jax.numpy as jnp


def sample_minibatches(dataset, batch_size):
    for start in range(0, dataset.shape[0], batch_size):
        yield dataset[start:start + batch_size]


def loss_fn(param, minibatch):
    return jnp.sum((minibatch - param) ** 2 / 2)


dataset = jnp.concatenate([jnp.zeros(5), jnp.ones(5)])
batch_size = 5
num_batches = dataset.shape[0] // batch_size
sample_generator = sample_minibatches(dataset, batch_size)


def cond_fun(state):
    itr, param, seen = state
    return itr < num_batches


def body_fun(state, batches=sample_generator):
    itr, param, seen = state
    minibatch = next(batches)
    grad = jax.grad(loss_fn)(param, minibatch)
    return itr + 1, param - 0.1 * grad, seen + minibatch.sum()


_, param, seen_total = jax.lax.while_loop(cond_fun, body_fun, (0, 0.5, 0.0))
print(float(param), float(seen_total))
