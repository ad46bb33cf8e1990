# expect: bug
# source: https://github.com/google/flax/issues/1218
# mistake: jax.jit is applied to a fresh functools.partial of the train step on every iteration of the training loop, so the step is re-traced and re-compiled each step.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class MLP(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(x)


def apply_update(model, lr, params, batch):
    x, y = batch

    def loss_fn(p):
        pred = model.apply(p, x)
        return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def train(model, params, batches, lr=0.1):
    losses = []
    for batch in batches:
        # jit is called each iteration on a new partial object
        train_step = jax.jit(functools.partial(apply_update, model, lr))
        params, loss = train_step(params, batch)
        losses.append(loss)
    return params, losses


def main():
    compiles = []

    def listener(event, duration, **kw):
        if event == "/jax/core/compile/backend_compile_duration":
            compiles.append(kw.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)

    model = MLP()
    key = jax.random.PRNGKey(0)
    x = jnp.linspace(-1.0, 1.0, 32).reshape(8, 4)
    y = jnp.sum(x, axis=1, keepdims=True)
    params = jax.jit(model.init)(key, x)
    batches = [(x, y)] * 3

    params, _ = train(model, params, batches[:1])
    before = len(compiles)
    params, _ = train(model, params, batches[1:])
    extra = len(compiles) - before
    print(f"SYMPTOM: {extra} extra compilations for {len(batches) - 1} identical training steps (expected 0)")


if __name__ == "__main__":
    main()
