# expect: none
# source: https://github.com/patrick-kidger/equinox/pull/71
# mistake: None: the jitted gradient function is created once at module level and reused by every training step.
# kind: 1 recompiles
import jax
import jax.numpy as jnp


class MLP:
    def __init__(self, key, sizes):
        keys = jax.random.split(key, len(sizes) - 1)
        self.params = [jax.random.normal(k, (a, b)) / jnp.sqrt(a)
                       for k, a, b in zip(keys, sizes[:-1], sizes[1:])]

    @staticmethod
    def apply(params, x):
        for w in params[:-1]:
            x = jax.nn.relu(x @ w)
        return x @ params[-1]


def loss(params, x, y):
    return jnp.mean((MLP.apply(params, x) - y) ** 2)


grad_fn = jax.jit(jax.grad(loss))


def make_step(model, x, y, lr=1e-2):
    grads = grad_fn(model.params, x, y)
    model.params = [p - lr * g for p, g in zip(model.params, grads)]


def main():
    key = jax.random.PRNGKey(1)
    model = MLP(key, [3, 16, 1])
    x = jnp.linspace(0, 1, 30).reshape(10, 3)
    y = x.sum(1, keepdims=True)
    for _ in range(6):
        make_step(model, x, y)
    assert all(jnp.isfinite(p).all() for p in model.params)


if __name__ == "__main__":
    main()
