import jax
import jax.numpy as jnp
from jax import lax


def descend(x0, w, lr, steps):
    w = jnp.asarray(w)
    lr = jnp.asarray(lr)

    def body(carry, _):
        x, w_, lr_ = carry
        g = 2.0 * w_ * (x - 1.0)
        x = x - lr_ * g
        return (x, w_, lr_), x

    (x, _, _), xs = lax.scan(body, (x0, w, lr), None, length=steps)
    return x, xs
