import jax.numpy as jnp
import spring


def test_decays():
    xs = spring.simulate(jnp.float32(1.0), jnp.float32(0.0), 4.0, 0.5, 0.05, 400)
    assert xs.shape == (400,)
    assert abs(float(xs[-1])) < 0.1
