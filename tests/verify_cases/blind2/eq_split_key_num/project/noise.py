"""Exploration noise with explicit typed-key plumbing."""
import jax
import jax.numpy as jnp


def gaussian_noise(key, shape, scale):
    key, sub = jax.random.split(key)
    return key, scale * jax.random.normal(sub, shape)


def ou_noise(key, x, theta=0.15, sigma=0.2, steps=5):
    xs = []
    for _ in range(steps):
        key, eps = gaussian_noise(key, x.shape, sigma)
        x = x - theta * x + eps
        xs.append(x)
    return key, jnp.stack(xs)
