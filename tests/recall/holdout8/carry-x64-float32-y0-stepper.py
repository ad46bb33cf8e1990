# expect: bug
# source: https://github.com/patrick-kidger/diffrax/issues/85
# mistake: with float64 enabled, y0 is forced to dtype="float32" while the grid and source term are float64, so the time-stepping scan returns a float64 state for a float32 carry and raises a carry type-mismatch TypeError
# kind: 5 carry-dtype
import jax
import jax.numpy as jnp


def vector_field(t, y, args):
    x, D = args
    lap = jnp.zeros_like(y).at[1:-1].set(y[2:] - 2 * y[1:-1] + y[:-2])
    source = jnp.exp(-t) * jnp.sin(jnp.pi * x)
    return D * lap + source


def euler_solve(y0, t0, t1, num_steps, args):
    dt = (t1 - t0) / num_steps

    def step(carry, _):
        t, y = carry
        y = y + dt * vector_field(t, y, args)
        return (t + dt, y), y

    (_, y1), ys = jax.lax.scan(step, (jnp.asarray(t0), y0), None, length=num_steps)
    return ys


def main():
    with jax.enable_x64(True):
        L = 1.0
        x = jnp.linspace(0.0, L, 11)
        y0 = jnp.zeros(11, dtype="float32")
        # raises TypeError: scan body function carry input and carry output must have equal types
        ys = euler_solve(y0, 0.0, 0.1, 20, (x, 0.1))
        print(ys[-1])


if __name__ == "__main__":
    main()
