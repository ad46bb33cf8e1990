# expect: none
# source: https://github.com/google/flax/pull/2675
# mistake: none; the training step derives a per-step dropout key with jax.random.fold_in(dropout_key, state.step), so the masks differ between steps.
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
        return nn.Dropout(rate=0.5, deterministic=not training)(x)


@jax.jit
def train_step(state, batch, dropout_key):
    step_key = jax.random.fold_in(dropout_key, state.step)

    def loss_fn(params):
        out = state.apply_fn({"params": params}, batch, training=True, rngs={"dropout": step_key})
        return jnp.mean(out ** 2), out

    (loss, out), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    return state.apply_gradients(grads=grads), out


def main():
    _, params_key, dropout_key = jax.random.split(jax.random.PRNGKey(0), 3)
    model = MyModel(num_neurons=8)
    x = jnp.ones((2, 4))
    params = model.init(params_key, x, training=False)["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.0))
    masks = []
    for epoch in range(4):
        state, out = train_step(state, x, dropout_key)
        masks.append(out == 0)
    print("distinct masks:", len({m.tobytes() for m in map(jax.device_get, masks)}))


if __name__ == "__main__":
    main()
