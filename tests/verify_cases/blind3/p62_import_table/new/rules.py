import jax.numpy as jnp
from jax import lax

_RULES = {
    "trapezoid": (0.5, 0.5),
    "simpson": (1 / 6, 4 / 6, 1 / 5),
}


def integrate(f, a, b, n, rule="trapezoid"):
    w = jnp.asarray(_RULES[rule], jnp.float32)
    k = len(_RULES[rule])
    h = (b - a) / n

    def panel(acc, i):
        xs = a + h * (i + jnp.linspace(0.0, 1.0, k))
        return acc + h * jnp.dot(w, f(xs)), None

    return lax.scan(panel, jnp.float32(0.0), jnp.arange(n))[0]
