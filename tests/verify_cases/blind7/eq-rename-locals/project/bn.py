import jax.numpy as jnp


def batch_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(0)
    var = x.var(0)
    xn = (x - mu) / jnp.sqrt(var + eps)
    return gamma * xn + beta, (mu, var)
