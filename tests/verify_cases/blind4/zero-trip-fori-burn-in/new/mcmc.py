"""Random-walk Metropolis with an optional burn-in phase."""
import jax
import jax.numpy as jnp
from jax import lax


def rwm_step(logp, key, x, scale):
    k1, k2 = jax.random.split(key)
    prop = x + scale * jax.random.normal(k1, x.shape)
    accept = jnp.log(jax.random.uniform(k2)) < logp(prop) - logp(x)
    return jnp.where(accept, prop, x)


def sample(logp, key, x0, n_samples, n_burn=0, scale=0.5):
    def burn(i, carry):
        key, x = carry
        key, sub = jax.random.split(key)
        return key, rwm_step(logp, sub, x, 3.0 * scale)

    key, x = lax.fori_loop(0, n_burn, burn, (key, x0))

    def body(carry, _):
        key, x = carry
        key, sub = jax.random.split(key)
        x = rwm_step(logp, sub, x, scale)
        return (key, x), x

    _, xs = lax.scan(body, (key, x), None, length=n_samples)
    return xs
