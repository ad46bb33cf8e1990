# expect: SCN208
# why: the same with the older spelling, `jax.experimental.enable_x64()` (its default turns it on)
import jax
import jax.numpy as jnp
from jax.experimental import enable_x64


def solve(y0, n):
    grid = jnp.linspace(0.0, 1.0, 3)

    def step(y, _):
        return y + 0.1 * grid, y
    return jax.lax.scan(step, y0, None, length=n)


def main():
    with enable_x64():
        return solve(jnp.zeros(3, dtype="float32"), 4)
