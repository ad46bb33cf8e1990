# expect: bug
# source: https://github.com/jax-ml/jax/pull/10398
# mistake: The number of integration steps is passed as a traced argument of the jitted loss, so `fori_loop(0, n_steps, ...)` becomes a while_loop that `jax.grad` cannot reverse.
# kind: 3 grad through while_loop
import jax
import jax.numpy as jnp
from jax import lax


class Pendulum:
    def __init__(self, dt=0.01):
        self.dt = dt

    def rollout(self, params, state, n_steps):
        def body(i, s):
            th, om = s
            om = om - self.dt * params["g"] * jnp.sin(th) - self.dt * params["c"] * om
            return th + self.dt * om, om

        return lax.fori_loop(0, n_steps, body, state)


@jax.jit
def loss(params, n_steps):
    th, om = Pendulum().rollout(params, (jnp.array(1.0), jnp.array(0.0)), n_steps)
    return th ** 2 + om ** 2


def main():
    params = {"g": jnp.array(9.81), "c": jnp.array(0.1)}
    print(jax.grad(loss)(params, jnp.int32(100)))


if __name__ == "__main__":
    main()
