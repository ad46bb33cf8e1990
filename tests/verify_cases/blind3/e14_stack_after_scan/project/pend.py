import jax.numpy as jnp
from jax import lax


def pendulum(theta0, n, dt=0.05):
    def step(s, _):
        th, om = s
        om = om - dt * 9.81 * jnp.sin(th)
        th = th + dt * om
        return (th, om), jnp.stack([th, om])

    _, traj = lax.scan(step, (theta0, jnp.zeros_like(theta0)), None, length=n)
    return traj
