"""Exploration noise for continuous-control agents (typed PRNG keys)."""
import jax
import jax.numpy as jnp


def split_for(key, n):
    keys = jax.random.split(key, n + 1)
    return keys[0], keys[1:]


def exploration_noise(key, shape, scale, heavy_tail=False):
    key, sub = jax.random.split(key)
    eps = jax.random.cauchy(sub, shape) if heavy_tail else jax.random.normal(sub, shape)
    return key, scale * eps


def perturb(key, action, scale=0.1, low=-1.0, high=1.0, heavy_tail=False):
    key, eps = exploration_noise(key, action.shape, scale, heavy_tail)
    return key, jnp.clip(action + eps, low, high)


def ou_step(x, key, theta=0.15, sigma=0.2, dt=0.01):
    key, sub = jax.random.split(key)
    x = x - theta * x * dt + sigma * jnp.sqrt(dt) * jax.random.normal(sub, x.shape)
    return x, key
