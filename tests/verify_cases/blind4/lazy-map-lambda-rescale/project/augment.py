"""Lazy image augmentation."""
import jax
import jax.numpy as jnp


@jax.jit
def _flip(key, img):
    return jnp.where(jax.random.bernoulli(key), img[:, ::-1], img)


def augment_all(images, key):
    """Lazily flip and rescale a sequence of uint8 images to [0, 1]."""
    keys = jax.random.split(key, len(images))
    return map(lambda ik: _flip(ik[1], ik[0]) / 255.0, zip(images, keys))
