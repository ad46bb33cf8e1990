import jax.numpy as jnp
import integrators


def test_midpoint_more_accurate_than_euler():
    x0 = jnp.array([1.0, 0.0])
    e = integrators.integrate(x0, 0.1, method="euler", n_steps=10)
    m = integrators.integrate(x0, 0.1, method="midpoint", n_steps=10)
    exact = jnp.array([jnp.cos(1.0), -jnp.sin(1.0)])
    assert float(jnp.linalg.norm(m - exact)) < float(jnp.linalg.norm(e - exact))
