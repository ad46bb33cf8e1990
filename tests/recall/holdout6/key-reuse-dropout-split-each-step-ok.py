# expect: none
# source: https://github.com/google/flax/pull/2631
# mistake: Looks like the same loop threading a dropout key into train_step, but the key is split every
#   step and only the fresh subkey is passed in, so each step draws a new dropout mask.
# case: key-reuse-dropout-split-each-step-ok
# kind: lookalike
# rules: SCN213
# jax: symptom RESULT
# pair: key-reuse-dropout-key-every-step
# note: This is the reviewer's requested fix in the PR (split the dropout key on each step).
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
        dropout_key, step_key = jax.random.split(dropout_key)
        params, opt_state, loss, mask = train_step(params, opt_state, (x, y), step_key)
        masks.append(mask)
    return all(bool(jnp.array_equal(masks[0], m)) for m in masks[1:])


if __name__ == "__main__":
    RESULT = main()
