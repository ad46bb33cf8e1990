# expect: bug
# source: https://github.com/google/flax/pull/2675
# mistake: the Flax training loop passes the same dropout_key to the jitted train step on every iteration instead of splitting it, so every step uses the same dropout mask.
# kind: 4 prng-reuse
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state


class MyModel(nn.Module):
    num_neurons: int

    @nn.compact
    def __call__(self, x, training: bool):
        x = nn.Dense(self.num_neurons)(x)
        x = nn.Dropout(rate=0.5, deterministic=not training)(x)
        return x


@jax.jit
def train_step(state, batch, dropout_key):
    def loss_fn(params):
        out = state.apply_fn({"params": params}, batch, training=True, rngs={"dropout": dropout_key})
        return jnp.mean(out ** 2), out

    (loss, out), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    return state.apply_gradients(grads=grads), out


def main():
    root_key = jax.random.PRNGKey(0)
    main_key, params_key, dropout_key = jax.random.split(root_key, 3)
    model = MyModel(num_neurons=8)
    x = jnp.ones((2, 4))
    params = model.init(params_key, x, training=False)["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.0))
    masks = []
    for epoch in range(4):
        state, out = train_step(state, x, dropout_key)
        masks.append(out == 0)
    same = all(bool(jnp.array_equal(m, masks[0])) for m in masks[1:])
    print(f"SYMPTOM: dropout pattern identical in all {len(masks)} training steps: {same}")


if __name__ == "__main__":
    main()
