# expect: bug
# source: https://github.com/bsc-quantic/tn4ml/pull/9
# mistake: The training loop calls jax.jit(jax.value_and_grad(loss)) afresh on every step; each call
#   of value_and_grad returns a new function, so the loss and gradient are recompiled every step.
# case: recompile-jit-value-and-grad-in-loop
# kind: mistake
# rules: SCN306
# jax: symptom RESULT >= 4
# note: The PR compiled the loss/grad function ahead of time once instead of re-jitting inside the
#   training loop (about 100x faster); reproduced with a small least-squares model and an epoch loop.
import jax
import jax.monitoring as _mon
import jax.numpy as jnp

_COMPILES = [0]


def _on_event(name, secs, **kw):
    if name == "/jax/core/compile/backend_compile_duration":
        _COMPILES[0] += 1


_mon.register_event_duration_secs_listener(_on_event)


def loss_fn(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


def sgd(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def train(params, batches, epochs, lr=0.1):
    history = []
    for _ in range(epochs):
        for x, y in batches:
            loss, grads = jax.jit(jax.value_and_grad(loss_fn))(params, x, y)
            params = sgd(params, grads, lr)
            history.append(loss)
    return params, history


def main():
    key = jax.random.key(0)
    x = jax.random.normal(key, (64, 4))
    y = x @ jnp.arange(4.0)
    params = {"w": jnp.zeros(4), "b": jnp.float32(0.0)}
    batches = [(x[:32], y[:32]), (x[32:], y[32:])]
    params, _ = train(params, batches, epochs=1)  # warm-up
    before = _COMPILES[0]
    train(params, batches, epochs=3)
    return _COMPILES[0] - before


if __name__ == "__main__":
    RESULT = main()
