# expect: none
# source: https://github.com/jax-ml/jax/issues/5208
# mistake: none; the grid size is computed with Python `max`/`abs`/`round` on Python floats, so it stays a concrete int under jit and `jnp.linspace` gets a static `num`.
import jax
import jax.numpy as jnp


@jax.jit
def grid2():
    t0, tf, dt = 0.0, 1.0, 1e-1
    num_steps = max(int(round(abs((tf - t0) / dt))), 1)
    return jnp.linspace(t0, tf, num_steps + 1)


def euler(y0, rate):
    ts = grid2()
    def step(y, t):
        return y + 0.1 * rate * y, y
    return jax.lax.scan(step, y0, ts)[1]


def main():
    print("grid2:", grid2().shape)
    print("trajectory head:", euler(1.0, -0.5)[:3])


if __name__ == "__main__":
    main()
