# expect: bug
# source: https://github.com/jax-ml/jax/issues/170
# mistake: the dropout layer's apply function builds its key with PRNGKey(seed) internally, so every training step in the loop drops exactly the same units.
# kind: 4 prng-reuse
import jax.numpy as np
from jax import grad, jit, random


def Dropout(rate, seed=0):
    def apply_fun(params, inputs, **kwargs):
        rng = random.PRNGKey(seed)
        keep = random.bernoulli(rng, 1.0 - rate, inputs.shape)
        return np.where(keep, inputs / (1.0 - rate), 0.0)

    return apply_fun


dropout = Dropout(0.5)


@jit
def predict(params, x):
    h = np.tanh(x @ params["w1"])
    h = dropout(None, h)
    return h @ params["w2"], h


def loss(params, x, y):
    out, _ = predict(params, x)
    return np.mean((out - y) ** 2)


@jit
def update(params, x, y):
    g = grad(loss)(params, x, y)
    return {k: params[k] - 0.1 * g[k] for k in params}


def main():
    k1, k2, k3 = random.split(random.PRNGKey(1), 3)
    params = {"w1": random.normal(k1, (4, 16)), "w2": random.normal(k2, (16, 1))}
    x = random.normal(k3, (8, 4))
    y = np.ones((8, 1))
    masks = []
    for step in range(3):
        params = update(params, x, y)
        _, h = predict(params, x)
        masks.append(h != 0)
    same = all(bool(np.all(m == masks[0])) for m in masks[1:])
    print(f"SYMPTOM: dropout masks identical across {len(masks)} training steps: {same}")


if __name__ == "__main__":
    main()
