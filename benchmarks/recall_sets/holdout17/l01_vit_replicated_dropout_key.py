# expect: bug
# source: https://github.com/google-research/vision_transformer/pull/110
# mistake: the Linen refactor replaces per-device keys with `update_rng_repl = flax.jax_utils.replicate(jax.random.PRNGKey(0))` and uses that key directly for dropout inside the pmapped update_fn, so every device draws the identical dropout mask for its shard of the batch.
import flax.linen as nn
import jax
import jax.numpy as jnp


class MlpBlock(nn.Module):
    @nn.compact
    def __call__(self, x, *, train):
        x = nn.Dense(16)(x)
        return nn.Dropout(rate=0.5, deterministic=not train)(x)


model = MlpBlock()


def update_fn(params, batch, rng):
    _, new_rng = jax.random.split(rng)
    dropout_rng = rng
    out = model.apply({"params": params}, batch, train=True, rngs={"dropout": dropout_rng})
    mask = out != 0
    return new_rng, mask


def main():
    n_devices = 4  # emulated with vmap(axis_name="batch") on one CPU
    params = model.init(jax.random.PRNGKey(1), jnp.ones((2, 8)), train=False)["params"]
    update_rng_repl = jnp.stack([jax.random.PRNGKey(0)] * n_devices)  # flax.jax_utils.replicate
    batch = jnp.ones((n_devices, 2, 8))
    p_update = jax.vmap(update_fn, in_axes=(None, 0, 0), axis_name="batch")
    for step in range(2):
        update_rng_repl, masks = p_update(params, batch, update_rng_repl)
        same = [bool(jnp.array_equal(masks[0], masks[d])) for d in range(1, n_devices)]
        print(f"step {step}: dropout mask of devices 1..3 equal to device 0: {same}")
