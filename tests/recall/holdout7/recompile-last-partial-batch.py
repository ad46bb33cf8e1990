# expect: bug
# source: https://github.com/patrick-kidger/diffrax/issues/111
# mistake: The dataloader yields a smaller final batch when the dataset size is not a multiple of the batch size, so the
#   jitted training step sees a new input shape at the end of every epoch and is traced and compiled a second time.
# case: recompile-last-partial-batch
# kind: mistake
# rules: none
# jax: symptom RESULT > 1
# note: In the Latent ODE example the 39th step (10000 // 256) recompiled make_step under equinox.filter_jit; here a
#   plain jax.jit MLP regression step with an optax optimiser and a generator dataloader that keeps the remainder.
import jax
import jax.numpy as jnp
import numpy as np
import optax

TRACES = [0]


def dataloader(arrays, batch_size, *, key):
    n = arrays[0].shape[0]
    perm = np.random.default_rng(key).permutation(n)
    start = 0
    while start < n:                           # last batch keeps the remainder
        idx = perm[start:start + batch_size]
        yield tuple(a[idx] for a in arrays)
        start += batch_size


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
