import jax.numpy as jnp


def padding_mask(lengths, max_len):
    mask = jnp.arange(max_len)[None, :] < lengths[:, None]
    return jnp.where(mask, 1.0, 0.0)
