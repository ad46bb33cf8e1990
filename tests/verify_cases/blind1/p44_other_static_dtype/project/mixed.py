"""Mixed-precision helpers: accumulate in float32 whatever the input dtype."""
import jax.numpy as jnp


def upcast(x):
    if x.dtype == jnp.float16: return x.astype(jnp.float32)
    if x.dtype == jnp.bfloat16: return x.astype(jnp.float32)
    return x


def stable_sum(x, axis=None):
    return jnp.sum(upcast(x), axis=axis)


def stable_mean(x, axis=None):
    z = upcast(x)
    return jnp.sum(z, axis=axis) / (z.size if axis is None else z.shape[axis])


def softmax(x, axis=-1):
    z = upcast(x)
    z = z - jnp.max(z, axis=axis, keepdims=True)
    e = jnp.exp(z)
    return (e / jnp.sum(e, axis=axis, keepdims=True)).astype(x.dtype)
