import jax
import jax.numpy as jnp

@jax.custom_jvp
def soft(x):
    return jnp.log1p(jnp.exp(x))

@soft.defjvp
def soft_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return soft(x), t * jax.nn.sigmoid(x)
