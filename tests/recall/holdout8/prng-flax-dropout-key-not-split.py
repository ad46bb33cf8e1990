# expect: bug
# source: https://github.com/google/flax/pull/2593
# mistake: the Flax linen training loop passes the same dropout_key to train_step at every step instead of splitting a fresh key per step, so the dropout mask never changes across steps
# kind: 4 prng-reuse
import jax
import jax.numpy as jnp
import flax.linen as nn


class MyModel(nn.Module):
    num_neurons: int

    @nn.compact
    def __call__(self, x, training: bool):
        h = nn.Dense(self.num_neurons)(x)
        h = nn.Dropout(rate=0.5, deterministic=not training)(h)
        return nn.Dense(1)(h), h


@jax.jit
def train_step(params, x, y, dropout_key):
    def loss_fn(p):
        pred, h = MyModel(num_neurons=8).apply(
            {"params": p}, x, training=True, rngs={"dropout": dropout_key}
        )
        return jnp.mean((pred - y) ** 2), h

    (loss, h), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)
    return params, loss, h == 0


def main():
    root_key = jax.random.PRNGKey(seed=0)
    main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
    x = jnp.ones((4, 3))
    y = jnp.ones((4, 1))
    params = MyModel(num_neurons=8).init(params_key, x, training=False)["params"]
    masks = []
    for step in range(3):
        params, loss, dropped = train_step(params, x, y, dropout_key)
        masks.append(dropped)
    same = all(bool(jnp.array_equal(masks[0], m)) for m in masks[1:])
    print("dropout masks identical across steps:", same)
    if same:
        print("SYMPTOM: the same dropout mask is applied at every training step")


if __name__ == "__main__":
    main()
