import jax.numpy as jnp
import numpy as np
from nets.transforms import forward, transform_batch


def test_forward_log():
    x = jnp.array([0.0, 1.0, 9.0])
    np.testing.assert_allclose(forward(x, "log"), np.log1p([0.0, 1.0, 9.0]), rtol=1e-6)


def test_forward_sqrt():
    x = jnp.array([0.0, 4.0, 9.0])
    np.testing.assert_allclose(forward(x, "sqrt"), [0.0, 2.0, 3.0])


def test_transform_batch_keeps_inputs():
    batch = {"x": jnp.ones((2, 3)), "target": jnp.array([1.0, 16.0])}
    out = transform_batch(batch, "sqrt")
    assert out["x"] is batch["x"]
    np.testing.assert_allclose(out["target"], [1.0, 4.0])
