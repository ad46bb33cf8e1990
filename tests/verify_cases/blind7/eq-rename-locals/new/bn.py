import jax.numpy as jnp


def batch_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(0)
    variance = x.var(0)
    normed = (x - mean) / jnp.sqrt(variance + eps)
    return gamma * normed + beta, (mean, variance)
