# expect: nothing
# why: `jax.enable_x64(False)` turns it off: the defaults stay 32-bit
import jax
import jax.numpy as jnp


def solve(y0, n):
    grid = jnp.linspace(0.0, 1.0, 3)

    def step(y, _):
        return y + 0.1 * grid, y
    return jax.lax.scan(step, y0, None, length=n)


def main():
    with jax.enable_x64(False):
        return solve(jnp.zeros(3, dtype="float32"), 4)
