# expect: none
# source: https://github.com/google/flax/pull/1903
# mistake: (correct) the triangular schedule selects between the rising and falling ramps with jnp.where, so it can be evaluated on the traced step count inside the jitted train_step.
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


def create_triangular_schedule(lr_min, lr_max, steps_per_cycle):
    top = (steps_per_cycle + 1) // 2

    def learning_rate_fn(step):
        cycle_step = step % steps_per_cycle
        rising = lr_min + cycle_step / top * (lr_max - lr_min)
        falling = lr_max - ((cycle_step - top) / top) * (lr_max - lr_min)
        return jnp.where(cycle_step < top, rising, falling)

    return learning_rate_fn


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(16)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


@jax.jit
def train_step(state, batch):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, batch["x"])
        return optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss


def main():
    rng = jax.random.PRNGKey(0)
    model = CNN()
    params = model.init(rng, jnp.ones((1, 8)))["params"]
    learning_rate_fn = create_triangular_schedule(1e-4, 1e-2, steps_per_cycle=10)
    tx = optax.sgd(learning_rate=learning_rate_fn, momentum=0.9)
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)
    x = jax.random.normal(rng, (32, 8))
    y = jax.random.randint(rng, (32,), 0, 3)
    for step in range(5):
        state, loss = train_step(state, {"x": x, "y": y})
    print("loss", loss)
    return loss


if __name__ == "__main__":
    main()
