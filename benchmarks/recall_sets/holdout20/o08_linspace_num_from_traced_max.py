# expect: bug
# source: https://github.com/jax-ml/jax/issues/5208
# mistake: the number of time-grid points is computed with `jnp.maximum`/`jnp.abs` inside a jitted function, which makes it a tracer, and then used as the static `num` of `jnp.linspace`.
import jax
import jax.numpy as jnp


@jax.jit
def grid1():
    t0, tf, num_steps = 0.0, 1.0, 10
    return jnp.linspace(t0, tf, num_steps + 1)


@jax.jit
def grid2():
    t0, tf, dt = 0.0, 1.0, 1e-1
    num_steps = jnp.maximum(jnp.abs((tf - t0) / dt), 1)
    return jnp.linspace(t0, tf, num_steps + 1)


def euler(y0, rate):
    ts = grid2()
    def step(y, t):
        return y + 0.1 * rate * y, y
    return jax.lax.scan(step, y0, ts)[1]


def main():
    print("grid1:", grid1().shape)
    try:
        print("grid2:", grid2().shape)
        print(euler(1.0, -0.5))
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {str(e).splitlines()[0]}")


if __name__ == "__main__":
    main()
