import jax.numpy as jnp
import predator


def test_positive():
    prey, pred = predator.simulate((jnp.float32(10.0), jnp.float32(5.0)), 1.1, 0.4, 0.4, 0.1, 0.01, 300)
    assert prey.shape == (300,) and pred.shape == (300,)
    assert bool(jnp.all(prey > 0)) and bool(jnp.all(pred > 0))
