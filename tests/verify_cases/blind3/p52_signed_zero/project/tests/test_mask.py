import numpy as np
import jax.numpy as jnp
from mask import masked_path


def test_masked():
    total, ys = masked_path(jnp.array([-2.0, 3.0]), jnp.array([0.0, 1.0]))
    assert float(total) == 3.0
    np.testing.assert_array_equal(ys, [0.0, 3.0])
