"""Mode-switching controller simulated with lax.scan and lax.switch."""
import jax.numpy as jnp
from jax import lax

MODES = ("hold", "track", "brake")


def control(mode, x, target):
    return lax.switch(mode, [
        lambda x, t: jnp.zeros_like(x),
        lambda x, t: 0.5 * (t - x),
        lambda x, t: -0.8 * x,
    ], x, target)


def run(x0, targets, modes):
    def body(x, inp):
        t, m = inp
        x = x + 0.1 * control(m, x, t)
        return x, x
    return lax.scan(body, x0, (targets, modes))


def mode_ids(names):
    return jnp.array([MODES.index(n) for n in names], dtype=jnp.int32)
