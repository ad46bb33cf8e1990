# expect: none
# source: https://github.com/patrick-kidger/diffrax/issues/111
# mistake: Looks like the same epoch loop feeding a jitted step, but the dataloader drops the ragged final batch, so
#   every call has the same shape and the step is compiled once.
# case: recompile-last-partial-batch-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT > 1
# pair: recompile-last-partial-batch
# note: The thread explains the recompile by the leftover batch; dropping it (or padding it) keeps a single shape.
import jax
import jax.numpy as jnp
import numpy as np
import optax

TRACES = [0]


def dataloader(arrays, batch_size, *, key):
    n = arrays[0].shape[0]
    perm = np.random.default_rng(key).permutation(n)
    start, end = 0, batch_size
    while end <= n:                            # drop_last: only full batches
        idx = perm[start:end]
        yield tuple(a[idx] for a in arrays)
        start, end = end, end + batch_size


def init_params(key, sizes):
    params = []
    for k, (i, o) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (i, o)) / np.sqrt(i), jnp.zeros(o)))
    return params


def mlp(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return x @ w + b


optim = optax.sgd(1e-2, momentum=0.9)


@jax.jit
def make_step(params, opt_state, xb, yb):
    TRACES[0] += 1
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((mlp(p, xb) - yb) ** 2))(params)
    updates, opt_state = optim.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def main():
    key = jax.random.key(0)
    xs = np.random.default_rng(0).normal(size=(1000, 4)).astype(np.float32)
    ys = np.sin(xs.sum(axis=1, keepdims=True))
    params = init_params(key, [4, 32, 1])
    opt_state = optim.init(params)
    for epoch in range(1):
        for xb, yb in dataloader((xs, ys), 256, key=epoch):
            params, opt_state, loss = make_step(params, opt_state, xb, yb)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
