# expect: none
# source: https://github.com/google/flax/issues/1218
# mistake: none; the train step is jitted once at module level (as the maintainer suggests) and only called inside the loop.
# kind: 1 recompiles
import jax
import jax.numpy as jnp
import flax.linen as nn


class MLP(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(x)


model = MLP()


@jax.jit
def train_step(params, batch, lr):
    x, y = batch

    def loss_fn(p):
        pred = model.apply(p, x)
        return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main():
    compiles = []

    def listener(event, duration, **kw):
        if event == "/jax/core/compile/backend_compile_duration":
            compiles.append(kw.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)

    key = jax.random.PRNGKey(0)
    x = jnp.linspace(-1.0, 1.0, 32).reshape(8, 4)
    y = jnp.sum(x, axis=1, keepdims=True)
    params = jax.jit(model.init)(key, x)
    lr = jnp.float32(0.1)

    params, loss = train_step(params, (x, y), lr)
    before = len(compiles)
    for _ in range(3):
        params, loss = train_step(params, (x, y), lr)
    print("extra compilations:", len(compiles) - before, "loss:", float(loss))


if __name__ == "__main__":
    main()
