# expect: bug
# source: https://github.com/google/flax/pull/2631
# mistake: The training loop passes the same dropout_key into train_step on every step, so dropout
#   drops exactly the same units at every step instead of drawing a fresh mask.
# case: key-reuse-dropout-key-every-step
# kind: mistake
# rules: SCN213
# jax: symptom RESULT
# note: In the PR's draft Dropout tutorial the train loop reused dropout_key each step and a reviewer
#   asked for a split per step; here a linen MLP returns its dropout keep-mask via sow so the masks of
#   successive steps can be compared.
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class MLP(nn.Module):
    hidden: int = 16
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, training: bool):
        h = nn.relu(nn.Dense(self.hidden)(x))
        keep = nn.Dropout(self.rate, deterministic=not training)(jnp.ones_like(h))
        self.sow("intermediates", "keep_mask", keep != 0)
        return nn.Dense(1)(h * keep)


model = MLP()
tx = optax.sgd(0.05)


@jax.jit
def train_step(params, opt_state, batch, dropout_key):
    x, y = batch

    def loss_fn(p):
        pred, inter = model.apply({"params": p}, x, training=True,
                                  rngs={"dropout": dropout_key}, mutable=["intermediates"])
        return jnp.mean((pred - y) ** 2), inter["intermediates"]["keep_mask"][0]

    (loss, mask), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss, mask


def main():
    root_key = jax.random.key(0)
    main_key, params_key, dropout_key = jax.random.split(root_key, 3)
    x = jax.random.normal(main_key, (8, 4))
    y = jnp.sum(x, axis=1, keepdims=True)
    params = model.init(params_key, x, training=False)["params"]
    opt_state = tx.init(params)
    masks = []
    for step in range(4):
        params, opt_state, loss, mask = train_step(params, opt_state, (x, y), dropout_key)
        masks.append(mask)
    return all(bool(jnp.array_equal(masks[0], m)) for m in masks[1:])


if __name__ == "__main__":
    RESULT = main()
