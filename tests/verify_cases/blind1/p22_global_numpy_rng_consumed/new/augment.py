"""Host-side image augmentation (global NumPy RNG, as in the data loader)."""
import numpy as np
import jax.numpy as jnp


def random_flip(images, p=0.5):
    flips = np.random.rand(images.shape[0], 2) < p
    images = np.where(flips[:, 0, None, None], images[:, :, ::-1], images)
    return np.where(flips[:, 1, None, None], images[:, ::-1, :], images)


def center_crop(images, size):
    h, w = images.shape[1:3]
    top, left = (h - size) // 2, (w - size) // 2
    return images[:, top:top + size, left:left + size]


def to_device(images, mean=0.5, std=0.25):
    return (jnp.asarray(images, jnp.float32) - mean) / std


def eval_pipeline(images, size):
    return to_device(center_crop(random_flip(images, p=0.0), size))
