# expect: bug
# source: https://github.com/GalacticDynamics/galax/pull/692
# mistake: A potential class validates its parameters with Python `or` on array comparisons in its constructor, and the potential is built inside a jitted orbit-integration loop where those comparisons are tracers.
# kind: 2 traced control flow
import jax
import jax.numpy as jnp
from jax import lax


class NFWPotential:
    def __init__(self, m, r_s):
        self.m = jnp.asarray(m)
        self.r_s = jnp.asarray(r_s)
        self.__check_init__()

    def __check_init__(self):
        if self.m <= 0 or self.r_s <= 0:
            raise ValueError("m and r_s must be positive")

    def acceleration(self, x):
        r = jnp.linalg.norm(x)
        u = r / self.r_s
        enc = jnp.log1p(u) - u / (1.0 + u)
        return -self.m * enc / r ** 3 * x


@jax.jit
def integrate_orbit(m, r_s, x0, v0, dt=0.01, n_steps=200):
    def step(state, _):
        x, v = state
        pot = NFWPotential(m, r_s)
        v = v + dt * pot.acceleration(x)
        x = x + dt * v
        return (x, v), x

    return lax.scan(step, (x0, v0), None, length=n_steps)[1]


def main():
    orbit = integrate_orbit(1.0, 2.0, jnp.array([1.0, 0.0, 0.0]), jnp.array([0.0, 0.5, 0.0]))
    print(orbit[-1])


if __name__ == "__main__":
    main()
