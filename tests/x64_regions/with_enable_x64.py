# expect: SCN208
# why: x64 is on inside `with jax.enable_x64(True):` (jax >= 0.7), where the loop's function is called
import jax
import jax.numpy as jnp


def solve(y0, n):
    grid = jnp.linspace(0.0, 1.0, 3)

    def step(y, _):
        y = jnp.clip(y + 0.1 * grid, 0.0, 1.0)
        return y, y
    return jax.lax.scan(step, y0, None, length=n)


def main():
    with jax.enable_x64(True):
        return solve(jnp.zeros(3, dtype="float32"), 4)
