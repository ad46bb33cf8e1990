import jax.numpy as jnp


def padding_mask(lengths, max_len):
    mask = jnp.arange(max_len)[None, :] < lengths[:, None]
    return mask.astype(jnp.float32)
