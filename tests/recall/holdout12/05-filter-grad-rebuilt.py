# expect: bug
# source: https://github.com/patrick-kidger/equinox/pull/71
# mistake: Materialising a new `jit(grad(loss))` inside every training step gives JAX a fresh function object each time, so the step is retraced and recompiled on every iteration.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
from jax import monitoring

_traces = []
monitoring.register_event_duration_secs_listener(
    lambda n, s, **kw: _traces.append(n) if n == "/jax/core/compile/jaxpr_trace_duration" else None)


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


def make_step(model, x, y, lr=1e-2):
    grad_fn = jax.jit(jax.grad(loss))          # new wrapper every call
    grads = grad_fn(model.params, x, y)
    model.params = [p - lr * g for p, g in zip(model.params, grads)]


def main():
    key = jax.random.PRNGKey(1)
    model = MLP(key, [3, 16, 1])
    x = jnp.linspace(0, 1, 30).reshape(10, 3)
    y = x.sum(1, keepdims=True)
    make_step(model, x, y)
    n0 = len(_traces)
    steps = 5
    for _ in range(steps):
        make_step(model, x, y)
    if len(_traces) - n0 >= steps:
        print(f"SYMPTOM: {len(_traces) - n0} retraces in {steps} identical training steps")


if __name__ == "__main__":
    main()
